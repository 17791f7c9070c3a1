import type { PageLoader } from '../loader';

/** Administration pages (spec part 1 section 2): users, roles, departments and positions, operation log, feedback. */
export const pages: Record<string, PageLoader> = {
  '/user': () => import('./UserPage'),
  '/role': () => import('./RolePage'),
  '/management': () => import('./ManagementPage'),
  '/OperationLog': () => import('./OperationLogPage'),
  '/feedback': () => import('./FeedbackPage'),
  '/openApi': () => import('./OpenApiKeyPage'),
};
