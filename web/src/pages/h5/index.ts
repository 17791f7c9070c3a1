import type { ComponentType } from 'react';
import type { PageLoader } from '../loader';

/**
 * An H5 page (web/src/h5): the page inside the H5 session (the token from the address) and the mobile shell, with the
 * bottom tabs or on a screen of its own.
 */
const h5 =
  (load: () => Promise<{ default: ComponentType }>, tabs: boolean): PageLoader =>
  async () => {
    const [{ h5Page }, page] = await Promise.all([import('../../h5/H5Session'), load()]);
    return { default: h5Page(page.default, { tabs }) };
  };

/** The H5 pages opened from pushed messages' links (issue 32), on the WeCom app's mobile shell and pages. */
export const pages: Record<string, PageLoader> = {
  '/analysisH5/index': h5(() => import('../../h5/AnalysisListPage'), true),
  '/analysisH5/call': h5(() => import('../../h5/CallPage'), false),
  '/analysisH5/edit': h5(() => import('../../h5/EditPage'), false),
  '/riskMessageListH5': h5(() => import('../../h5/RiskMessagePage'), true),
  '/aiBusinessReminderH5': h5(() => import('../../h5/ReminderPage'), true),
  '/dashboardH5': h5(() => import('../../h5/DashboardPage'), true),
  '/dashboardH5/more': h5(() => import('../../wecom/app/StaffPage'), true),
  '/reportStatisticsH5': h5(() => import('../../h5/ReportPage'), true),
};
