import type { PageLoader } from '../loader';

/** /operator 运营后台: the installation operator's own page (its own sign-in and layout, not in the organisation menu). */
export const pages: Record<string, PageLoader> = {
  '/operator': () => import('./OperatorPage'),
};
