import type { PageLoader } from '../loader';

/** Knowledge bases (the own and the organisation's) and industry templates (spec plan group F). */
export const pages: Record<string, PageLoader> = {
  '/knowledgeBase': () => import('./KnowledgeBasePage'),
  '/instituionklg': () => import('./OrgKnowledgePage'),
  '/industryTemplate': () => import('./IndustryTemplatePage'),
};
