/**
 * Boards (spec plan G-2): the deals board and its settings, the market board, the AI boards for managers and custom
 * boards with a public read-only link. The figures come from the read models other modules publish (orders, leads,
 * calls, analysed calls, quality checks: `readModel.ts` of order, clue, telephony, insight, quality), scoped by the
 * session and narrowed by the board's department and user filter (filter.ts).
 *
 *   schema.ts      deal_board_setting, market_cost, ai_board_panels, custom_board, board_lead_day, board_call_day, board_refresh
 *   rollups.ts     the lead snapshot and daily calls the boards read (job boards.rollup, every 5 minutes)
 *   filter.ts      range and scope of a board query;  directory.ts  user names and who a scope shows
 *   deals.ts       settings, the deals board, the deals behind it;  market.ts  channels and sources
 *   ai.ts          AI overview, trend, per-person effectiveness, dashboard panels
 *   figures.ts     the figures of custom boards;  custom.ts  custom boards and their share links
 *   exports.ts     the boards' spreadsheets;  routes.ts  the calls
 */
import type { Module } from '../../platform/context';
import { AiBoards } from './ai';
import { CustomBoards } from './custom';
import { Deals } from './deals';
import { Figures } from './figures';
import { Market } from './market';
import { ROLLUP_CRON, ROLLUP_JOB, refreshAll } from './rollups';
import { boardRoutes } from './routes';

export const boardsModule: Module = {
  name: 'boards',
  setup(ctx) {
    const deals = new Deals(ctx.db);
    const market = new Market(ctx.db);
    const ai = new AiBoards(ctx.db);
    const figures = new Figures(ctx.db, deals, market, ai);
    const custom = new CustomBoards(ctx.db, figures, ctx.limiter, ctx.config.shareLinkLimitPerIp);
    boardRoutes(ctx, { deals, market, ai, custom });
    ctx.jobs.register(ROLLUP_JOB, () => refreshAll(ctx.db), {
      queue: { retryLimit: 1, expireInSeconds: 1800, heartbeatSeconds: 120 },
    });
    ctx.jobs.schedule(ROLLUP_JOB, ROLLUP_CRON);
  },
};
