import type { PageLoader } from '../loader';

/** Enterprise WeCom (plan.md group I): 企微员工 (with the configuration) and 企微客户. */
export const pages: Record<string, PageLoader> = {
  '/weChatStaff': () => import('./StaffPage'),
  '/weChatCustomer': () => import('./CustomerPage'),
  // the sign-in inside WeCom (web/src/wecom: the mobile shell)
  '/weComAuth': () => import('../../wecom/WeComAuth'),
  '/userBindOrg/userBindOrg': () => import('../../wecom/UserBindOrg'),
  // the chat sidebar (web/src/wecom/sidebar)
  '/weComSidebar': () => import('../../wecom/sidebar/SidebarPage'),
  '/weComSidebar/customerAnalysis': () => import('../../wecom/sidebar/SidebarPage'),
  '/slidebarCustomerAnalysis_base': () => import('../../wecom/sidebar/EmbeddedPage'),
};
