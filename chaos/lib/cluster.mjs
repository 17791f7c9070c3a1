// Several server processes on one PostgreSQL database, as `npm run start:cluster` runs them: API processes
// (WORKERS=none) and worker processes, one JWT secret, one file store (DATA_DIR), optionally one MQTT broker.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnServer } from '../../scripts/lib/processes.mjs';

export async function startCluster({ databaseUrl, api = 2, workers = ['all'], env = {}, name = 'c' }) {
  const dataDir = mkdtempSync(join(tmpdir(), `crm-chaos-${name}-`));
  const shared = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(24).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('base64'),
    // the fake ASR/LLM (lib/fakeAi.mjs) listens on 127.0.0.2, allowed by the outbound-address policy
    OUTBOUND_ALLOW: '127.0.0.2',
    LOG_LEVEL: 'debug',
    // a dead worker's job is taken over after 10 s (the floor pg-boss allows), looked for every 2 s
    JOB_HEARTBEAT_SECONDS: '10',
    JOB_SUPERVISE_SECONDS: '2',
    LOGIN_LIMIT_PER_ACCOUNT: '100000',
    LOGIN_LIMIT_PER_IP: '100000',
    VALIDATE_ANSWERS: 'true',
    WEB_DIST: join(dataDir, 'no-web'),
    ...env,
  };
  let n = 0;
  const cluster = {
    dataDir,
    env: shared,
    apis: [],
    workers: [],
    /** Starts one more process (WORKERS=workers, 'none' for an API process); resolves when it is healthy. */
    async add(kind, workerSet = 'none', extraEnv = {}) {
      const port = await freePort();
      const proc = spawnServer({
        name: `${name}-${kind}-${++n}`,
        port,
        env: { ...shared, WORKERS: workerSet, ...extraEnv },
      });
      (kind === 'api' ? cluster.apis : cluster.workers).push(proc);
      await proc.healthy(180_000);
      return proc;
    },
    all: () => [...cluster.apis, ...cluster.workers],
    async stop() {
      await Promise.all(cluster.all().map((p) => p.stop(5000)));
      rmSync(dataDir, { recursive: true, force: true });
    },
    /** How many jobs of `queue` each process completed (from its debug log line "job done"). */
    jobsDone(queue) {
      const out = {};
      for (const p of cluster.all()) {
        let count = 0;
        for (const line of p.logs().split('\n'))
          if (line.includes('"msg":"job done"') && line.includes(`"queue":"${queue}"`)) count++;
        out[p.name] = count;
      }
      return out;
    },
  };
  // the first process migrates and seeds; then the rest start together
  const [firstKind, ...restKinds] = [...Array(api).fill(['api', 'none']), ...workers.map((w) => ['worker', w])];
  await cluster.add(...firstKind);
  await Promise.all(restKinds.map((k) => cluster.add(...k)));
  return cluster;
}
