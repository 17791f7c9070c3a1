import type { PageLoader } from '../loader';

/** Conversations (plan.md group I, second half): 会话存档, 个微员工, 个微客户 and the shared chat /we. */
export const pages: Record<string, PageLoader> = {
  '/sessionArchive': () => import('./SessionArchivePage'),
  '/weChatPersonalStaff': () => import('./PersonalStaffPage'),
  '/weChatPersonalCustom': () => import('./PersonalCustomPage'),
  '/we': () => import('./WePage'),
};
