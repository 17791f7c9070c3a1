// `npm run bench -- auth`: sign-in and user-info throughput over real HTTP, 20 concurrent clients, on the embedded
// database (PGlite in a temporary DATA_DIR) and, when reachable, on PostgreSQL (a fresh database crm_bench of its own
// on DATABASE_URL's server or postgres://postgres@127.0.0.1:5432, dropped at the end). The data (an organisation with its users) is generated here.
// The app runs in a worker thread (its own event loop, as a separate server would), the 20 clients in this thread.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { buildApp } from '../server/src/app';
import { appUser, department, type role } from '../server/src/modules/org/schema';
import { createOrganization } from '../server/src/modules/org/service';
import { loadConfig } from '../server/src/platform/config';
import { openDatabase } from '../server/src/platform/db';
import { hashPassword } from '../server/src/platform/password';
import { freshDatabase } from './database';
import { load, report } from './report';

const CONCURRENCY = 20;
const LOGINS = Number(process.env.BENCH_AUTH_LOGINS ?? 300);
const USERINFO = Number(process.env.BENCH_AUTH_USERINFO ?? 5000);
const PASSWORD = 'bench@1234';

export default async function authBench(): Promise<void> {
  // BENCH_AUTH_DB=pglite or postgres runs one of the two (when profiling).
  const only = process.env.BENCH_AUTH_DB;
  if (only !== 'postgres') await run('pglite', undefined, mkdtempSync(join(tmpdir(), 'crm-bench-auth-')));
  if (only === 'pglite') return;
  const pgUrl = await postgresUrl();
  if (pgUrl) await run('postgres', pgUrl, mkdtempSync(join(tmpdir(), 'crm-bench-auth-pg-')));
  else console.log('auth: PostgreSQL not reachable (set DATABASE_URL); postgres figures skipped');
}

/** A fresh crm_bench database of this bench's own on DATABASE_URL's server (else the local one), if one answers. */
function postgresUrl(): Promise<string | undefined> {
  return freshDatabase('crm_bench');
}

interface ServerInput {
  authBenchServer: true;
  databaseUrl?: string;
  dataDir: string;
  users: number;
}
interface ServerReady {
  port: number;
  accounts: string[];
}

/** In the worker: opens the database, generates the users, builds the app and listens until told to stop. */
async function serve(input: ServerInput): Promise<void> {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: input.databaseUrl ?? '',
    DATA_DIR: input.dataDir,
    LOG_LEVEL: 'warn',
    SEED: 'false',
    // the clients below give their addresses by x-forwarded-for, as behind a local reverse proxy
    TRUST_PROXY: 'loopback',
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const built = await buildApp(config, database, { logger: false, startJobs: false });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const accounts = await createUsers(database.db, input.users);
  parentPort!.once('message', async () => {
    await built.close();
    await database.close();
    parentPort!.postMessage('closed');
  });
  parentPort!.postMessage({ port: (built.app.server.address() as AddressInfo).port, accounts } satisfies ServerReady);
}

if (!isMainThread && (workerData as ServerInput | undefined)?.authBenchServer) await serve(workerData as ServerInput);

async function run(kind: 'pglite' | 'postgres', databaseUrl: string | undefined, dataDir: string): Promise<void> {
  const input: ServerInput = { authBenchServer: true, databaseUrl, dataDir, users: Math.max(LOGINS, CONCURRENCY) };
  const worker = new Worker(new URL(import.meta.url), { workerData: input });
  const message = () =>
    new Promise<any>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  const { port, accounts } = (await message()) as ServerReady;
  try {
    const base = `http://127.0.0.1:${port}/api/backend`;

    // Sign-in: distinct accounts and client addresses (x-forwarded-for, trusted from loopback) stay under the limits.
    const tokens: string[] = [];
    const login = await load(LOGINS, CONCURRENCY, async (i) => {
      const res = await fetch(`${base}/loginController/webLogin`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify({ account: accounts[i], password: PASSWORD }),
      });
      const body = (await res.json()) as { code: number; msg: string; data: { token: string } };
      if (body.code !== 1) throw new Error(`login failed: ${body.msg}`);
      if (tokens.length < CONCURRENCY) tokens.push(body.data.token);
    });
    report('auth', `${kind}.login_rps`, login.rps, 'req/s');
    report('auth', `${kind}.login_p95_ms`, login.p95, 'ms');

    const userInfo = (i: number) =>
      fetch(`${base}/loginController/getUserInfoByToken`, {
        headers: { authorization: `Bearer ${tokens[i % tokens.length]}` },
      }).then(async (res) => {
        const body = (await res.json()) as { code: number; msg: string };
        if (body.code !== 1) throw new Error(`getUserInfoByToken failed: ${body.msg}`);
      });
    await load(Math.min(500, USERINFO), CONCURRENCY, userInfo); // warm-up
    const info = await load(USERINFO, CONCURRENCY, userInfo);
    report('auth', `${kind}.userinfo_rps`, info.rps, 'req/s');
    report('auth', `${kind}.userinfo_p95_ms`, info.p95, 'ms');
  } finally {
    const closed = message();
    worker.postMessage('close');
    await closed;
    await worker.terminate();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** An organisation with a manager department and `n` users spread over the built-in roles; returns login names. */
async function createUsers(db: import('../server/src/platform/db').Db, n: number): Promise<string[]> {
  const hash = await hashPassword(PASSWORD);
  const tag = Date.now().toString(36);
  return db.transaction(async (tx) => {
    const { org, rootDept, roles } = await createOrganization(tx, {
      name: `压测机构${tag}`,
      admin: { username: `bench_admin_${tag}`, realName: '管理员', passwordHash: hash },
    });
    const depts = await tx
      .insert(department)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          organizationId: org.id,
          parentId: rootDept.id,
          name: `销售${i + 1}部`,
        })),
      )
      .returning({ id: department.id });
    const roleIds = roles.filter((r) => r.roleSign !== 'super_admin').map((r: typeof role.$inferSelect) => r.id);
    const rows = Array.from({ length: n }, (_, i) => ({
      organizationId: org.id,
      username: `bench_${tag}_${i}`,
      realName: `坐席${i}`,
      passwordHash: hash,
      roleId: roleIds[i % roleIds.length],
      deptId: depts[i % depts.length].id,
    }));
    for (let i = 0; i < rows.length; i += 500) await tx.insert(appUser).values(rows.slice(i, i + 500));
    return rows.map((r) => r.username);
  });
}
