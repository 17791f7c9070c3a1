// Starting and watching server processes (main.ts): used by `npm run start:cluster`, the chaos tests and the load
// benchmark. No dependencies beyond Node.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** A free TCP port on 127.0.0.1. */
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

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Spawns one server process (server/src/main.ts) with `env` on `port`. Returns a handle:
 * { name, port, baseUrl, pid, logs(), healthy(timeoutMs), kill(signal), stop(), exited }.
 * `echo`: print its output prefixed with its name (the cluster script); otherwise it is kept for logs().
 */
export function spawnServer({ name, port, env = {}, echo = false, host = '127.0.0.1' }) {
  const out = [];
  let size = 0;
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: host, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d) => {
    const text = d.toString();
    if (echo) for (const line of text.split('\n')) if (line.trim()) process.stdout.write(`[${name}] ${line}\n`);
    out.push(text);
    size += text.length;
    // keep the last ~2 MB
    while (size > 2_000_000 && out.length > 1) size -= out.shift().length;
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const handle = {
    name,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid,
    child,
    exited: null,
    logs: () => out.join(''),
    /** Resolves once /healthz answers 200; throws if the process exits or the time runs out. */
    async healthy(timeoutMs = 120_000) {
      const started = Date.now();
      while (true) {
        if (handle.exited !== null)
          throw new Error(`${name} exited with ${handle.exited}:\n${handle.logs().slice(-4000)}`);
        if (Date.now() - started > timeoutMs)
          throw new Error(`${name} not healthy after ${timeoutMs} ms:\n${handle.logs().slice(-4000)}`);
        try {
          const res = await fetch(`${handle.baseUrl}/healthz`, { signal: AbortSignal.timeout(3000) });
          if (res.ok) return handle;
        } catch {}
        await sleep(250);
      }
    },
    kill(signal = 'SIGKILL') {
      if (handle.exited === null) child.kill(signal);
    },
    /** SIGTERM (graceful: requests finish, jobs stop), SIGKILL after `graceMs`. */
    async stop(graceMs = 10_000) {
      if (handle.exited !== null) return;
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await done;
      clearTimeout(t);
    },
    waitExit: () =>
      handle.exited !== null ? Promise.resolve(handle.exited) : new Promise((r) => child.once('exit', r)),
  };
  child.on('exit', (code, signal) => {
    handle.exited = code ?? signal ?? 'exit';
  });
  return handle;
}
