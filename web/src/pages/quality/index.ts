import type { PageLoader } from '../loader';

/** Quality inspection (spec plan group C): /main/staffCheck 通话质检 with its tabs. */
export const pages: Record<string, PageLoader> = {
  '/staffCheck': () => import('./StaffCheckPage'),
};

/** What of a route is built so far (the README's route table reads this). */
export const partial: Record<string, string> = {};
