import type { PageLoader } from '../loader';

/** AI call analysis (spec plan group A): the call-analysis list; the AI panel lives on the call detail. */
export const pages: Record<string, PageLoader> = {
  '/callAnalysis': () => import('./CallAnalysisPage'),
};
