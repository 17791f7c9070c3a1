import type { PageLoader } from '../loader';

/** The cost centre (issue 16): /main/listOfExpenses 费用中心. */
export const pages: Record<string, PageLoader> = {
  '/listOfExpenses': () => import('./ListOfExpenses'),
  '/hkbparticulars': () => import('./HkbParticulars'),
};
