// Regenerates the SQL migrations from every module's schema.ts with drizzle-kit.
// Until the first release the migration set is one initial migration, regenerated whole (no prompts, no drift);
// pass --incremental to add a migration on top of the existing ones instead (what to do once databases exist).
// A lock file serialises concurrent runs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const server = join(root, 'server');
const lock = join(server, '.drizzle-lock');
const incremental = process.argv.includes('--incremental');

for (let i = 0; ; i++) {
  try {
    mkdirSync(lock);
    break;
  } catch {
    if (i > 600) throw new Error('db:generate: lock held for 5 minutes; remove server/.drizzle-lock');
    await new Promise((r) => setTimeout(r, 500));
  }
}
try {
  if (!incremental) rmSync(join(server, 'drizzle'), { recursive: true, force: true });
  execFileSync(join(root, 'node_modules/.bin/drizzle-kit'), ['generate', ...(incremental ? [] : ['--name', 'init'])], {
    cwd: server,
    stdio: 'inherit',
  });
} finally {
  rmdirSync(lock);
}
