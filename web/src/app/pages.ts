import type { PageLoader } from '../pages/loader';

/**
 * Every area's pages: web/src/pages/<area>/index.ts exports `pages`, keyed by the route path of
 * packages/core/src/routes.ts. The index files are tiny (only dynamic imports), so they are loaded eagerly; the
 * pages themselves are split into one chunk per route.
 */
const areas = import.meta.glob<Record<string, PageLoader>>('../pages/*/index.ts', { eager: true, import: 'pages' });

export const PAGES: Record<string, PageLoader> = {};
for (const [file, pages] of Object.entries(areas)) {
  for (const [path, loader] of Object.entries(pages ?? {})) {
    if (PAGES[path]) console.warn(`route ${path} has pages in two areas; ${file} wins`);
    PAGES[path] = loader;
  }
}
