// A PostgreSQL instance of the test's own (initdb + pg_ctl on a free port, data in a temporary folder), so that a
// test may stop, kill and restart it: the machine's PostgreSQL is never touched.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, sleep } from '../../scripts/lib/processes.mjs';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** initdb refuses to run as root: as root the instance (and PgBouncer) run as the `postgres` user. */
function owner() {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
  return { uid, gid, env: { ...process.env, HOME: '/tmp', USER: 'postgres' } };
}

function run(cmd, args, opts = {}) {
  return execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: '/tmp', ...owner(), ...opts }).toString();
}

export async function startPostgres({ maxConnections = 300 } = {}) {
  if (!existsSync(join(BIN, 'initdb'))) throw new Error(`PostgreSQL binaries not found in ${BIN} (set PG_BIN)`);
  const dir = mkdtempSync(join(tmpdir(), 'crm-chaos-pg-'));
  const { uid, gid } = owner();
  if (uid !== undefined) chownSync(dir, uid, gid);
  const data = join(dir, 'data');
  const port = await freePort();
  run(join(BIN, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=${maxConnections} -c shared_buffers=64MB`;
  const pgctl = (...args) => run(join(BIN, 'pg_ctl'), ['-D', data, ...args]);
  const instance = {
    port,
    dir,
    host: '127.0.0.1',
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    start() {
      pgctl('-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start');
    },
    /** `immediate` is a crash as far as clients are concerned (no goodbye to connections, recovery on start). */
    stop(mode = 'fast') {
      pgctl('-m', mode, '-w', '-t', '60', 'stop');
    },
    async query(sql, params, db = 'postgres') {
      const client = new pg.Client({ connectionString: instance.url(db) });
      await client.connect();
      try {
        return (await client.query(sql, params)).rows;
      } finally {
        await client.end();
      }
    },
    async createDatabase(name) {
      await instance.query(`drop database if exists ${name} with (force)`);
      await instance.query(`create database ${name}`);
      return instance.url(name);
    },
    async destroy() {
      try {
        instance.stop('immediate');
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
  instance.start();
  return instance;
}

/**
 * PgBouncer (Debian's package) in front of an instance, in transaction mode, on a free port. Returns
 * { url(db), stop() }.
 */
export async function startPgBouncer(postgres, { poolSize = 20 } = {}) {
  const bin = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';
  const port = await freePort();
  const ini = join(postgres.dir, 'pgbouncer.ini');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=127.0.0.1 port=${postgres.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${postgres.dir}`,
      'auth_type = trust',
      `auth_file = ${join(postgres.dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 1000',
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${join(postgres.dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  writeFileSync(join(postgres.dir, 'userlist.txt'), '"postgres" ""\n');
  const { uid, gid } = owner();
  if (uid !== undefined) for (const f of [ini, join(postgres.dir, 'userlist.txt')]) chownSync(f, uid, gid);
  const child = spawn(bin, [ini], { stdio: ['ignore', 'pipe', 'pipe'], cwd: '/tmp', ...owner() });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const out = [];
  child.stdout.on('data', (d) => out.push(d.toString()));
  child.stderr.on('data', (d) => out.push(d.toString()));
  const url = (db) => `postgres://postgres@127.0.0.1:${port}/${db}`;
  for (let i = 0; ; i++) {
    try {
      const client = new pg.Client({ connectionString: url('postgres'), connectionTimeoutMillis: 2000 });
      await client.connect();
      await client.end();
      break;
    } catch (err) {
      if (i > 50) throw new Error(`pgbouncer did not start: ${err.message}\n${out.join('')}`);
      await sleep(200);
    }
  }
  return {
    port,
    url,
    logs: () => out.join(''),
    stop: () =>
      new Promise((r) => {
        if (exited) return r();
        const t = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(t);
          r();
        });
        child.kill('SIGTERM');
      }),
  };
}
