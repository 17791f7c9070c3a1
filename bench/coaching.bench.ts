// `npm run bench -- coaching`: every bench/coaching/*.bench.ts, in name order (the practice scoring and the built-in
// customer's reply time here; other coaching benches, such as the speech assistant's, add their own file).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export default async function coaching(): Promise<void> {
  const dir = join(import.meta.dirname, 'coaching');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts'))
    .sort();
  for (const f of files) {
    const mod = (await import(join(dir, f))) as { default?: () => Promise<void> | void };
    if (typeof mod.default === 'function') await mod.default();
  }
}
