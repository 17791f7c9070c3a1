/**
 * Boundaries of the web app (DESIGN.md §4): a page area (`web/src/pages/<area>/`) is one screen area and imports
 * no other; what two areas share lives in `features/<name>/` (domain widgets: a lead's drawer pieces, a call's detail
 * panel) or `components/` (generic widgets that know no domain).
 * `npm run lint` runs it: `depcruise --config web/.dependency-cruiser.cjs web/src`.
 */
module.exports = {
  forbidden: [
    {
      name: 'page-areas-apart',
      severity: 'error',
      comment:
        'A page area must not import another: move the shared piece to web/src/features/<name>/ (a domain widget) or web/src/components/ (a generic one) and import it from there.',
      from: { path: '^web/src/pages/([^/]+)/' },
      to: { path: '^web/src/pages/[^/]+/', pathNot: '^web/src/pages/$1/' },
    },
    {
      name: 'components-know-no-domain',
      severity: 'error',
      comment:
        'components/ holds generic widgets: pass what it needs as props instead of importing pages/ or features/ (or move the widget to features/).',
      from: { path: '^web/src/components/' },
      to: { path: '^web/src/(pages|features)/' },
    },
    {
      name: 'features-below-pages',
      severity: 'error',
      comment:
        'A feature is shared by pages and must not import one: move what it needs from pages/ into the feature (or another feature).',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/pages/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'web/tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    includeOnly: '^web/src/',
  },
};
