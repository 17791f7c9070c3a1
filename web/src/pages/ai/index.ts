import type { PageLoader } from '../loader';

/** AI settings and opening AI (spec plan group A): /main/aiSetting and /aiOpenPage. */
export const pages: Record<string, PageLoader> = {
  '/aiSetting': () => import('./AiSettingPage'),
  '/aiOpenPage': () => import('./AiOpenPage'),
};
