import type { PageLoader } from '../loader';

/** The public pool, automatic assignment, merges, retrieval and the lead logs (issue 12). */
export const pages: Record<string, PageLoader> = {
  '/customerPublicsea': () => import('./PublicSeaPage'),
  '/highSeasImport': () => import('./HighSeasImport'),
  '/mergesList': () => import('./MergesPage'),
  '/customerRetrieval': () => import('./RetrievalPages').then((m) => ({ default: m.CustomerRetrieval })),
  '/customerRetrievalNew': () => import('./RetrievalPages').then((m) => ({ default: m.CustomerRetrievalNew })),
  '/customerRetrievalSettings': () => import('./RetrievalPages').then((m) => ({ default: m.RetrievalSettings })),
  '/unlockList': () => import('./LogPages').then((m) => ({ default: m.UnlockList })),
  '/clueMonitor': () => import('./LogPages').then((m) => ({ default: m.ClueMonitor })),
};
