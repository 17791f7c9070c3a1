import type { PageLoader } from '../loader';

/** AI role-play practice (spec plan F): AI 陪练 and 陪练记录. */
export const pages: Record<string, PageLoader> = {
  '/aIPractice': () => import('./PracticePage'),
  '/practicelog': () => import('./PracticeLogPage'),
};

/** What of a route is built so far (the README's route table reads this). */
export const partial: Record<string, string> = {};
