// `npm run bench [-- group ...]`: runs the benchmark groups (every bench/<group>.bench.ts), each printing
// `<group>.<name>: <value> <unit>` lines.

import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { dropBenchDatabases } from './database';
import { report } from './report';

const dir = import.meta.dirname;
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))
  .sort();
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const groups = wanted.length ? wanted : all;
// How fast this machine is right now, to read the figures below against: the same code measured 2-3x apart on
// two days of the same kind of machine. The best of three runs of a fixed SHA-256 workload (single core).
const cpuRef = Math.min(
  ...[1, 2, 3].map(() => {
    const t = performance.now();
    let h = Buffer.alloc(32);
    for (let i = 0; i < 200_000; i++) h = createHash('sha256').update(h).digest();
    return performance.now() - t;
  }),
);
report('bench', 'cpu_ref_ms', cpuRef, 'ms');
for (const g of groups) {
  if (!all.includes(g)) {
    console.error(`unknown bench group "${g}"; groups: ${all.join(', ')}`);
    process.exitCode = 1;
    continue;
  }
  const mod = await import(join(dir, `${g}.bench.ts`));
  await mod.default();
}
// every bench made its own databases (also on DATABASE_URL's server): none is left behind
await dropBenchDatabases();
process.exit(process.exitCode ?? 0);
