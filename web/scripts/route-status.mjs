// Prints the README's route status table: every route of packages/core/src/routes.ts with its title and whether a
// page is built (web/src/pages/*/index.ts keys) or shows the 功能建设中 placeholder.
// Run: node --import tsx web/scripts/route-status.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fullPath, ROUTES } from '../../packages/core/src/routes.ts';

const pagesDir = join(import.meta.dirname, '../src/pages');
const built = new Map();
// a page that is built in part says so in its area's index.ts: `export const partial = { '/path': '已实现：…；建设中：…' }`
const partial = new Map();
for (const area of readdirSync(pagesDir)) {
  let text;
  try {
    text = readFileSync(join(pagesDir, area, 'index.ts'), 'utf8');
  } catch {
    continue;
  }
  for (const m of text.matchAll(/['"](\/[^'"]*)['"]\s*:/g)) built.set(m[1], area);
  for (const m of text.matchAll(/['"](\/[^'"]*)['"]\s*:\s*['"]([^'"]+)['"]/g)) partial.set(m[1], m[2]);
}
const rows = ROUTES.map((r) => {
  const status = r.redirect
    ? `跳转 ${r.redirect}`
    : partial.has(r.path)
      ? `部分实现（${built.get(r.path)}）：${partial.get(r.path)}`
      : built.has(r.path)
        ? `已实现（${built.get(r.path)}）`
        : '功能建设中';
  return `| \`${fullPath(r)}\` | ${r.title} | ${status} |`;
});
const done = ROUTES.filter((r) => !r.redirect && built.has(r.path) && !partial.has(r.path)).length;
const some = ROUTES.filter((r) => !r.redirect && partial.has(r.path)).length;
console.log(
  `| 路由 | 标题 | 状态 |\n| --- | --- | --- |\n${rows.join('\n')}\n\n已实现 ${done} / ${ROUTES.filter((r) => !r.redirect).length}，部分实现 ${some}`,
);
