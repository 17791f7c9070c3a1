// `npm run lint` runs it after dependency-cruiser (.dependency-cruiser.cjs), for what its rules cannot say:
// - server modules that depend on each other in a cycle (its `circular` sees cycles of files, not of folders);
//   production code only: a module's tests may use a module that depends on it;
// - a module's index.ts re-exporting its tables (its own `import` of schema.ts hides the re-export from the rules);
// - raw SQL naming another module's table (`from clue`, `join app_user`…): the import rules cannot see inside strings.
import { globSync, readdirSync, readFileSync } from 'node:fs';
import { cruise } from 'dependency-cruiser';

const MODULE = /^server\/src\/modules\/([^/]+)\//;
const NOT_PRODUCTION = /\.test\.ts$|\/testKit\.ts$/;

const { output } = await cruise(['server/src/modules'], {
  tsPreCompilationDeps: true,
  includeOnly: '^server/src/modules/',
  exclude: { path: NOT_PRODUCTION.source },
  enhancedResolveOptions: { extensions: ['.ts', '.js'] },
});

/** module → module it imports → one file-to-file import that proves it */
const edges = new Map();
for (const file of output.modules) {
  const from = MODULE.exec(file.source)?.[1];
  if (!from) continue;
  for (const dep of file.dependencies) {
    const to = MODULE.exec(dep.resolved)?.[1];
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to)) edges.get(from).set(to, `${file.source} → ${dep.resolved}`);
  }
}

// Tarjan's strongly connected components: every component of more than one module is a cycle.
let index = 0;
const order = new Map();
const low = new Map();
const stack = [];
const cycles = [];
function visit(m) {
  order.set(m, index);
  low.set(m, index++);
  stack.push(m);
  for (const n of edges.get(m)?.keys() ?? []) {
    if (!order.has(n)) {
      visit(n);
      low.set(m, Math.min(low.get(m), low.get(n)));
    } else if (stack.includes(n)) low.set(m, Math.min(low.get(m), order.get(n)));
  }
  if (low.get(m) !== order.get(m)) return;
  const component = [];
  let n;
  do {
    n = stack.pop();
    component.push(n);
  } while (n !== m);
  if (component.length > 1) cycles.push(component.sort());
}
for (const m of edges.keys()) if (!order.has(m)) visit(m);

for (const component of cycles) {
  console.error(`  error no-module-cycle: ${component.join(' ↔ ')}`);
  for (const from of component)
    for (const [to, proof] of edges.get(from) ?? []) if (component.includes(to)) console.error(`      ${proof}`);
}
const tablesInFaces = readdirSync('server/src/modules', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => `server/src/modules/${d.name}/index.ts`)
  .filter((index) => /export\s[^;]*from\s*'\.\/schema'/.test(readFileSync(index, 'utf8')));
for (const index of tablesInFaces)
  console.error(
    `  error face-without-tables: ${index} re-exports ./schema: publish a read model (a function, or a SQL fragment builder like clue/leadFacts.ts) instead.`,
  );

/** table name → the module whose schema.ts declares it */
const owner = new Map();
for (const schema of globSync('server/src/modules/*/schema.ts'))
  for (const [, table] of readFileSync(schema, 'utf8').matchAll(/pgTable\(\s*'([a-z_0-9]+)'/g))
    owner.set(table, MODULE.exec(schema)[1]);
const tableWord = new RegExp(`\\b(?:from|join|update|into)\\s+"?(${[...owner.keys()].join('|')})\\b`, 'g');
const foreignSql = [];
for (const file of globSync('server/src/modules/**/*.ts')) {
  if (NOT_PRODUCTION.test(file)) continue;
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(tableWord))
    if (owner.get(m[1]) !== MODULE.exec(file)[1])
      foreignSql.push(`${file}:${text.slice(0, m.index).split('\n').length} names ${m[1]} (${owner.get(m[1])})`);
}
for (const hit of foreignSql)
  console.error(
    `  error no-foreign-sql: ${hit}: read it through the owner's index.ts (a read model or SQL fragment builder).`,
  );

if (tablesInFaces.length || foreignSql.length) process.exitCode = 1;
if (cycles.length) {
  console.error(
    '\nModules that import each other: move what both need to the module that owns it (or to packages/core or server/src/lib) so that only one depends on the other.',
  );
  process.exitCode = 1;
} else if (!tablesInFaces.length && !foreignSql.length)
  console.log("✔ no cycle between server modules, no tables in a module face, no SQL on another module's tables");
