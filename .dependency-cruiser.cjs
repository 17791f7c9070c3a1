/**
 * Module boundaries of the server (DESIGN.md §4): a module's `index.ts` is its only public face.
 * `npm run lint` runs it: `depcruise --config .dependency-cruiser.cjs server/src`; cycles between modules (folders,
 * which dependency-cruiser's `circular` does not see) and an index.ts re-exporting its tables are found by
 * `scripts/module-faces.mjs`.
 * A module is a folder `server/src/modules/<m>/`; `server/src/modules/index.ts` (the module list) and the shared
 * test harness `server/src/test/` are not modules and may reach any module.
 */
const MODULE = '^server/src/modules/([^/]+)/';

module.exports = {
  forbidden: [
    {
      name: 'module-face-only',
      severity: 'error',
      comment:
        "Import another module through its index.ts only: export what you need from that module's index.ts (a type, event, read model or pure function) and import it from there.",
      from: { path: MODULE },
      to: {
        path: '^server/src/modules/[^/]+/',
        pathNot: [
          '^server/src/modules/$1/',
          '^server/src/modules/[^/]+/index\\.ts$',
          '^server/src/modules/[^/]+/schema\\.ts$',
        ],
      },
    },
    {
      name: 'no-foreign-schema',
      severity: 'error',
      comment:
        "Another module's tables are its own: call its service or a read model its index.ts exports instead of importing its schema.ts.",
      from: { path: MODULE },
      to: { path: '^server/src/modules/[^/]+/schema\\.ts$', pathNot: '^server/src/modules/$1/' },
    },
    {
      name: 'platform-below-modules',
      severity: 'error',
      comment:
        'The platform is below the modules: take what a module provides through ctx.services or an event instead of importing the module.',
      from: { path: '^server/src/platform/' },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'lib-below-modules',
      severity: 'error',
      comment:
        'server/src/lib is a shared library, not a module: it must not import modules or the database (pass what it needs as arguments).',
      from: { path: '^server/src/lib/' },
      to: { path: ['^server/src/modules/', '^server/src/platform/db', 'drizzle-orm'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'server/tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    includeOnly: '^server/src/',
  },
};
