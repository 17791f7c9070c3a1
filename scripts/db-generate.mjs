// Adds a SQL migration for what changed in the modules' schema.ts files (drizzle-kit), on top of the existing ones:
// databases made by an earlier version are brought up to date at start. `-- --name <what>` names it.
// `--reset` regenerates the whole set as one initial migration (only for a development database you can drop).
// A lock file serialises concurrent runs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const server = join(root, 'server');
const lock = join(server, '.drizzle-lock');
const reset = process.argv.includes('--reset');
const nameAt = process.argv.indexOf('--name');
const name = nameAt > 0 ? process.argv[nameAt + 1] : null;

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
  if (reset) rmSync(join(server, 'drizzle'), { recursive: true, force: true });
  const named = reset ? 'init' : name;
  execFileSync(join(root, 'node_modules/.bin/drizzle-kit'), ['generate', ...(named ? ['--name', named] : [])], {
    cwd: server,
    stdio: 'inherit',
  });
} finally {
  rmdirSync(lock);
}
