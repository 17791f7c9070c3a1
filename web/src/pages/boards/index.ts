import type { PageLoader } from '../loader';

/** Boards (issue 17, G-2): deals, market, AI and custom boards, and the public view of a shared board. */
export const pages: Record<string, PageLoader> = {
  '/dealsBoard': () => import('./DealsBoardPage'),
  '/dealsBoardSettings': () => import('./DealsBoardSettingsPage'),
  '/marketBoard': () => import('./MarketBoardPage'),
  '/aiDashboard': () => import('./AiDashboardPage'),
  '/aiStatistics': () => import('./AiStatisticsPage'),
  '/aihumaneffectiveness': () => import('./AiEffectivenessPage'),
  '/afterSaleChartp': () => import('./CustomBoardsPage'),
  '/dashboard/:id': () => import('./SharedBoardPage'),
};
