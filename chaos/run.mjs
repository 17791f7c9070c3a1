// `npm run test:chaos [filter]`: the scaled shape under faults. Each *.chaos.mjs file exports scenarios
// `[{ name, run: async ({ postgres }) => … }]`; they run one after the other on a PostgreSQL instance of the run's own
// (initdb + pg_ctl in a temporary folder, on a free port), which scenarios may stop, kill and restart. The machine's
// A Mosquitto the push scenario starts itself (scripts/lib/mosquitto.mjs: a password file, no anonymous clients, on a
// free loopback port) carries push between processes; PgBouncer is Debian's.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startPostgres } from './lib/postgres.mjs';

const dir = import.meta.dirname;
const filter = process.argv[2] ?? '';
const scenarios = [];
for (const f of readdirSync(dir)
  .filter((n) => n.endsWith('.chaos.mjs'))
  .sort()) {
  const mod = await import(join(dir, f));
  for (const s of mod.default) {
    const full = `${f.replace(/\.chaos\.mjs$/, '')} › ${s.name}`;
    if (!filter || full.includes(filter)) scenarios.push({ ...s, full });
  }
}

const postgres = await startPostgres();
// an interrupted run leaves no PostgreSQL behind
for (const sig of ['SIGINT', 'SIGTERM'])
  process.once(sig, async () => {
    await postgres.destroy();
    process.exit(130);
  });
const SCENARIO_TIMEOUT_MS = Number(process.env.CHAOS_SCENARIO_TIMEOUT_MS ?? 300_000);
console.log(`chaos: PostgreSQL ${postgres.port} (${postgres.dir}); ${scenarios.length} scenarios`);
let failed = 0;
const began = Date.now();
try {
  for (const s of scenarios) {
    const started = Date.now();
    try {
      // a scenario that stopped the instance and failed before starting it again leaves it stopped
      try {
        await postgres.query('select 1');
      } catch {
        postgres.start();
      }
      let timer;
      const figures = await Promise.race([
        s.run({ postgres, log: (m) => console.log(`    ${m}`) }),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`timed out after ${SCENARIO_TIMEOUT_MS} ms`)), SCENARIO_TIMEOUT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      console.log(`✓ ${s.full} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      for (const [k, v] of Object.entries(figures ?? {})) console.log(`    ${k}: ${v}`);
    } catch (err) {
      failed++;
      console.log(
        `✗ ${s.full} (${((Date.now() - started) / 1000).toFixed(1)} s)\n  ${String(err?.stack ?? err)
          .split('\n')
          .slice(0, 8)
          .join('\n  ')}`,
      );
    }
  }
} finally {
  await postgres.destroy();
}
console.log(`${scenarios.length - failed} passed, ${failed} failed (${((Date.now() - began) / 1000).toFixed(0)} s)`);
process.exit(failed ? 1 : 0);
