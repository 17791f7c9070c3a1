import type { PageLoader } from '../loader';

export const pages: Record<string, PageLoader> = {
  '/login': () => import('./Login'),
  '/register': () => import('./Register'),
  '/resetPassword': () => import('./ResetPassword'),
  '/dingLogin': () => import('./DingLogin'),
};
