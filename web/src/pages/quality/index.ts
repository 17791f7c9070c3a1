import type { PageLoader } from '../loader';

/** Quality inspection (spec plan group C): /main/staffCheck 通话质检 with its tabs. */
export const pages: Record<string, PageLoader> = {
  '/staffCheck': () => import('./StaffCheckPage'),
};

/** What of a route is built so far (the README's route table reads this). */
export const partial: Record<string, string> = {
  '/staffCheck': '违禁词库、命中记录、正则规则与 SOP 规则已实现；AI 质检列表、评分与复核建设中',
};
