import type { PageLoader } from '../loader';

/** Statistics and reports (issue 17, G-1). */
export const pages: Record<string, PageLoader> = {
  '/staffStatistics': () => import('./StaffStatistics'),
  '/callStatistics': () => import('./CallStatistics'),
  '/crmStatistics': () => import('./CrmStatistics'),
};
