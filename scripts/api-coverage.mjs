#!/usr/bin/env node
// API route coverage: runs the server's API tests (PGlite) with API_COVERAGE_DIR set, so that the test harness
// records every call ({ method, route, code, status, token }) and the list of registered routes, then prints per
// route whether it was called, called with success (code 1), answered a validation error (400) and called without
// a session. Extra arguments go to vitest (e.g. a module's folder).
// Usage: npm run test:api:coverage [-- server/src/modules/clue]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const dir = mkdtempSync(join(tmpdir(), 'crm-api-coverage-'));

try {
  const env = { ...process.env, API_COVERAGE_DIR: dir };
  delete env.DATABASE_URL;
  const run = spawnSync(
    process.execPath,
    [vitest, 'run', '--project', 'server', '--reporter=dot', ...process.argv.slice(2)],
    { cwd: root, env, stdio: 'inherit' },
  );

  const routes = new Map();
  const calls = [];
  for (const name of readdirSync(dir)) {
    const text = readFileSync(join(dir, name), 'utf8');
    if (name.startsWith('routes-')) {
      for (const r of JSON.parse(text)) routes.set(`${r.method} ${r.url}`, { ...r, calls: 0, ok: 0, bad: 0, anon: 0 });
    } else if (name.startsWith('calls-')) {
      for (const line of text.split('\n')) if (line) calls.push(JSON.parse(line));
    }
  }
  if (!routes.size) {
    console.error('api-coverage: no route list recorded (did the API tests run?)');
    process.exit(run.status || 1);
  }
  for (const c of calls) {
    const r = routes.get(`${c.method} ${c.route}`);
    if (!r) continue; // not an API route (404s, /healthz, docs)
    r.calls++;
    // Raw routes (downloads, streams) answer without an envelope: a 2xx is their success.
    if (c.code === 1 || (c.code === undefined && c.status >= 200 && c.status < 300)) r.ok++;
    if (c.code === 400 || (c.code === undefined && c.status === 400)) r.bad++;
    if (!c.token) r.anon++;
  }

  const list = [...routes.values()].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  const mark = (n) => (n ? '✓' : '✗');
  const width = Math.max(...list.map((r) => r.method.length + r.url.length + 1));
  console.log(`\n${'route'.padEnd(width)}  calls  success  400  no-session`);
  for (const r of list) {
    const anon = r.auth === 'none' ? '-' : mark(r.anon);
    console.log(
      `${`${r.method} ${r.url}`.padEnd(width)}  ${String(r.calls).padStart(5)}  ${mark(r.ok).padStart(7)}  ${mark(r.bad).padStart(3)}  ${anon.padStart(10)}`,
    );
  }
  const count = (f) => list.filter(f).length;
  const never = list.filter((r) => !r.calls);
  const noSuccess = list.filter((r) => r.calls && !r.ok);
  if (never.length)
    console.log(`\nnever called (${never.length}):\n${never.map((r) => `  ${r.method} ${r.url}`).join('\n')}`);
  if (noSuccess.length)
    console.log(
      `\nnever called with success (${noSuccess.length}):\n${noSuccess.map((r) => `  ${r.method} ${r.url}`).join('\n')}`,
    );
  const withSession = list.filter((r) => r.auth !== 'none');
  console.log(
    `\napi.bodyRoutes: ${count((r) => r.body)}, validation: ${count((r) => r.body && r.bad)}; ` +
      `api.sessionRoutes: ${withSession.length}, noSession: ${withSession.filter((r) => r.anon).length}`,
  );
  console.log(
    `api.routes: ${list.length}, called: ${count((r) => r.calls)}, success: ${count((r) => r.ok)}, validation: ${count((r) => r.bad)}`,
  );
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
