import type { PageLoader } from '../loader';

/** Leads and customers (issue 4): lists, detail, import, import records, lead search and the business settings. */
export const pages: Record<string, PageLoader> = {
  '/customerManage': () => import('./CustomerManage'),
  '/Detail': () => import('./CustomerDetail'),
  '/import': () => import('./ImportPage'),
  '/importList': () => import('./ImportList'),
  '/dataImport': () => import('./DataImport'),
  '/clueSearch': () => import('./ClueSearch'),
  '/serviceSetup': () => import('./ServiceSetup'),
};
