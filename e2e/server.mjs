// Starts the real server (embedded PGlite, seeded demo data) on a free port with a fresh temporary DATA_DIR.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

let seeded = null;
/**
 * A data directory migrated and seeded once per run by a server of the default settings, stopped cleanly (its jobs
 * finished or left queued). Servers of the default settings start from a copy of it: the seed through the services
 * is most of a server's start, and two dozen files each start one or two.
 */
function seededDataDir() {
  seeded ??= (async () => {
    const server = await launch({ dataDir: mkdtempSync(join(tmpdir(), 'crm-e2e-seed-')) });
    await server.stop({ keepData: true });
    return server.dataDir;
  })();
  return seeded;
}

/** Removes the seeded data directory (at the end of a run). */
export function removeSeededDataDir() {
  return seeded?.then((dir) => rmSync(dir, { recursive: true, force: true }));
}

/**
 * Returns { baseUrl, logs(), stop() } once /healthz answers. A server on the embedded database starts on a copy of the
 * run's seeded data directory (the seed reads no setting a scenario changes); one on PostgreSQL (DATABASE_URL) or
 * without the seed starts empty.
 */
export async function startServer({ env = {}, fromSeed = !env.DATABASE_URL && env.SEED !== 'false', timeoutMs } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-e2e-'));
  if (fromSeed) cpSync(await seededDataDir(), dataDir, { recursive: true });
  return launch({ env, dataDir, timeoutMs });
}

async function launch({ env = {}, dataDir, timeoutMs = Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 300_000) }) {
  const port = await freePort();
  const logs = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_LIMIT_PER_ACCOUNT: '1000',
      // The browser stands for clients behind a local reverse proxy: a scenario may pick its client address with
      // X-Forwarded-For (the captcha scenario does, so that its failed sign-ins do not count against the others).
      TRUST_PROXY: 'loopback',
      // Every answer the scenarios cause is checked against its call's schema (a stray answer fails the scenario).
      VALIDATE_ANSWERS: 'true',
      // fake providers (LLM, call centre) listen on 127.0.0.2: the outbound-address policy lets that one through
      OUTBOUND_ALLOW: '127.0.0.2',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => logs.push(d.toString()));
  child.stderr.on('data', (d) => logs.push(d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  let exited = null;
  child.on('exit', (code) => (exited = code));
  while (true) {
    if (exited !== null) throw new Error(`server exited with ${exited}:\n${logs.join('')}`);
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${logs.join('')}`);
    }
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseUrl,
    dataDir,
    logs: () => logs.join(''),
    async stop({ keepData = false } = {}) {
      if (exited === null) {
        child.kill('SIGTERM');
        await new Promise((r) => {
          const t = setTimeout(() => {
            child.kill('SIGKILL');
            r();
          }, 5000);
          child.on('exit', () => {
            clearTimeout(t);
            r();
          });
        });
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
