// `npm run start:cluster`: the scaled shape on one machine. API processes (WORKERS=none) and worker processes
// (WORKERS=<queues>) against one PostgreSQL (DATABASE_URL), one MQTT broker (MQTT_URL), one JWT_SECRET and one SECRETS_KEY. A process
// that dies is started again after a pause (as systemd's Restart=always would). Ctrl-C stops them all gracefully.
//
//   CLUSTER_API=2                                   API processes, on PORT, PORT+1, … (PORT default 8080)
//   CLUSTER_WORKERS="asr,audio-metrics;analysis,quality,insight,clue"   one worker process per group (;-separated), on the ports after
//
// Put the API ports behind a load balancer (deploy/nginx.conf); worker ports serve /healthz for probes only.

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root, sleep, spawnServer } from './lib/processes.mjs';

const env = process.env;
if (!env.DATABASE_URL) {
  console.error('start:cluster needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process.');
  process.exit(1);
}
if (!env.SECRETS_KEY) {
  console.error(
    'start:cluster needs SECRETS_KEY (32 bytes, e.g. `openssl rand -base64 32`): every process must read the secrets the others saved. Keep it apart from backups.',
  );
  process.exit(1);
}
if (!env.MQTT_URL)
  console.warn('MQTT_URL is not set: a message published by one process reaches only the browsers connected to it.');
const jwtSecret = env.JWT_SECRET || randomBytes(32).toString('hex');
if (!env.JWT_SECRET)
  console.warn('JWT_SECRET is not set: a secret was generated for this run (sessions end when the cluster restarts).');

const apiCount = Math.max(1, Number(env.CLUSTER_API ?? 2));
const groups = (env.CLUSTER_WORKERS ?? 'asr,audio-metrics;analysis,quality,insight,clue')
  .split(';')
  .map((g) => g.trim())
  .filter(Boolean);
const basePort = Number(env.PORT ?? 8080);

if (!existsSync(join(root, 'web/dist/index.html'))) {
  console.log('Building the web app (first start)…');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

const specs = [
  ...Array.from({ length: apiCount }, (_, i) => ({ name: `api-${i + 1}`, workers: 'none' })),
  ...groups.map((g, i) => ({ name: `worker-${i + 1}`, workers: g })),
].map((s, i) => ({ ...s, port: basePort + i }));

let stopping = false;
const running = new Map();

function start(spec) {
  const proc = spawnServer({
    name: spec.name,
    port: spec.port,
    host: env.HOST ?? '0.0.0.0',
    echo: true,
    env: { JWT_SECRET: jwtSecret, WORKERS: spec.workers },
  });
  running.set(spec.name, proc);
  proc.child.on('exit', async (code, signal) => {
    if (stopping) return;
    console.error(`[cluster] ${spec.name} exited (${signal ?? code}); starting it again in 2 s`);
    await sleep(2000);
    if (!stopping) start(spec);
  });
  return proc;
}

// The first process migrates the database and seeds it (on an empty one); the others start once it is healthy.
const [first, ...rest] = specs;
await start(first).healthy(300_000);
await Promise.all(rest.map((s) => start(s).healthy(300_000)));
console.log(
  `[cluster] ${apiCount} API process(es) on ${specs
    .filter((s) => s.workers === 'none')
    .map((s) => s.port)
    .join(', ')}; workers: ${specs
    .filter((s) => s.workers !== 'none')
    .map((s) => `${s.name} (${s.workers}) on ${s.port}`)
    .join(', ')}`,
);

for (const sig of ['SIGINT', 'SIGTERM'])
  process.once(sig, async () => {
    stopping = true;
    await Promise.all([...running.values()].map((p) => p.stop()));
    process.exit(0);
  });
