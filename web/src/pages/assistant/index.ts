import type { PageLoader } from '../loader';

/** The speech assistant (plan.md F1): 话术助手 and 话术记录 (/speechAssistant redirects to the first). */
export const pages: Record<string, PageLoader> = {
  '/speechAssistant/index': () => import('./AssistantPage'),
  '/speechAssistant/record': () => import('./RecordPage'),
};

/** What of a route is built so far (the README's route table reads this). */
export const partial: Record<string, string> = {};
