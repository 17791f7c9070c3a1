// npm run backup / restore: a demo organisation with leads and recordings is backed up, DATA_DIR (and, on
// PostgreSQL, the database) is wiped, the archive restored; every row of every table is back and a recording plays.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { freePort, root, spawnServer } from '../scripts/lib/processes.mjs';
import { Api, B, R } from './lib/api.mjs';
import { wav } from './lib/audio.mjs';

const TABLES = `select table_schema || '.' || table_name as t from information_schema.tables
  where table_schema in ('public', 'pgboss', 'drizzle') and table_type = 'BASE TABLE' order by 1`;

/** Exact row counts of every table (public, jobs, migrations). */
async function countRows(query) {
  const out = {};
  for (const { t } of await query(TABLES)) out[t] = Number((await query(`select count(*)::int as n from ${t}`))[0].n);
  return out;
}

function npm(script, file, env) {
  execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/backup.ts'), script, file], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Starts a server on the data, signs in, uploads a recording; returns what to look for after the restore. */
async function populate(env) {
  const server = spawnServer({ name: 'backup', port: await freePort(), env });
  try {
    await server.healthy(180_000);
    const admin = await Api.login(server.baseUrl, 'admin');
    const up = await admin.ok(
      admin.upload(`${B}/headset/uploadRecording`, { callType: 1 }, [{ name: '备份测试.wav', data: wav(3) }]),
      'upload',
    );
    const leads = (await admin.ok(admin.post(`${R}/organizationClue/list`, { pageNum: 1, pageSize: 10 }), 'leads'))
      .total;
    const recordings = (
      await admin.ok(admin.post(`${R}/recording/v1/pagelist`, { pageNum: 1, pageSize: 10 }), 'recordings')
    ).total;
    assert.ok(leads > 0 && recordings > 1, `demo data: ${leads} leads, ${recordings} recordings`);
    return { recordId: up.recordId, leads, recordings };
  } finally {
    await server.stop();
  }
}

/** After the restore: the same totals through the API, and the recording plays (decodable audio). */
async function verify(env, before) {
  const server = spawnServer({ name: 'restored', port: await freePort(), env });
  try {
    await server.healthy(180_000);
    const admin = await Api.login(server.baseUrl, 'admin');
    assert.equal(
      (await admin.ok(admin.post(`${R}/organizationClue/list`, { pageNum: 1, pageSize: 10 }), 'leads')).total,
      before.leads,
    );
    assert.equal(
      (await admin.ok(admin.post(`${R}/recording/v1/pagelist`, { pageNum: 1, pageSize: 10 }), 'recs')).total,
      before.recordings,
    );
    // the session's token goes in the header: the address carries no token (only a share ticket or a signed media link)
    const res = await fetch(`${server.baseUrl}${R}/recording/v1/play?id=${before.recordId}`, {
      headers: { authorization: admin.token },
    });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^audio\//);
    const dir = mkdtempSync(join(tmpdir(), 'crm-play-'));
    try {
      const f = join(dir, 'played');
      writeFileSync(f, Buffer.from(await res.arrayBuffer()));
      const seconds = Number(
        execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', f]).toString(),
      );
      assert.ok(Math.abs(seconds - 3) < 0.5, `played ${seconds} s of a 3 s recording`);
      return seconds;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await server.stop();
  }
}

export default [
  {
    name: 'embedded (PGlite): backup, wipe DATA_DIR, restore',
    async run({ log }) {
      const dataDir = mkdtempSync(join(tmpdir(), 'crm-chaos-backup-'));
      const file = join(tmpdir(), `crm-backup-${process.pid}.tar.gz`);
      const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: join(dataDir, 'no-web') };
      const pgliteCounts = async () => {
        const db = await PGlite.create(join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
        try {
          return await countRows(async (sql) => (await db.query(sql)).rows);
        } finally {
          await db.close();
        }
      };
      try {
        const before = await populate(env);
        const rows = await pgliteCounts();
        npm('backup', file, env);
        rmSync(dataDir, { recursive: true, force: true });
        npm('restore', file, env);
        assert.deepEqual(await pgliteCounts(), rows, 'every row of every table');
        const seconds = await verify(env, before);
        const total = Object.values(rows).reduce((a, b) => a + b, 0);
        log(
          `${Object.keys(rows).length} tables, ${total} rows restored; recording ${before.recordId} plays ${seconds} s`,
        );
        return {
          'embedded backup → wipe → restore': `${total} rows in ${Object.keys(rows).length} tables, recording plays`,
        };
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        rmSync(file, { force: true });
      }
    },
  },
  {
    name: 'PostgreSQL: backup, drop the database and wipe DATA_DIR, restore',
    async run({ postgres, log }) {
      const dbName = 'crm_scale_chaos_backup';
      const url = await postgres.createDatabase(dbName);
      const dataDir = mkdtempSync(join(tmpdir(), 'crm-chaos-backup-pg-'));
      const file = join(tmpdir(), `crm-backup-pg-${process.pid}.tar.gz`);
      const env = {
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        JWT_SECRET: 'b'.repeat(32),
        LOG_LEVEL: 'warn',
        WEB_DIST: join(dataDir, 'no-web'),
      };
      const counts = () => countRows((sql) => postgres.query(sql, [], dbName));
      try {
        const before = await populate(env);
        const rows = await counts();
        npm('backup', file, env);
        await postgres.createDatabase(dbName); // dropped and made again, empty
        rmSync(dataDir, { recursive: true, force: true });
        npm('restore', file, env);
        assert.deepEqual(await counts(), rows, 'every row of every table');
        const seconds = await verify(env, before);
        const total = Object.values(rows).reduce((a, b) => a + b, 0);
        log(
          `${Object.keys(rows).length} tables, ${total} rows restored; recording ${before.recordId} plays ${seconds} s`,
        );
        return {
          'PostgreSQL backup → drop → restore': `${total} rows in ${Object.keys(rows).length} tables, recording plays`,
        };
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        rmSync(file, { force: true });
      }
    },
  },
];
