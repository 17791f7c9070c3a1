import type { PageLoader } from '../loader';

/** Real-time guidance (spec plan F): AI 实时指导 and 指导记录. */
export const pages: Record<string, PageLoader> = {
  '/aiTimeTeacher': () => import('./TimeTeacherPage'),
  '/guideRecord': () => import('./GuideRecordPage'),
};

/** What of a route is built so far (the README's route table reads this). */
export const partial: Record<string, string> = {};
