import type { Module } from '../../platform/context';
import { retrievalRoutes } from './routes';
import { retrievalSetting } from './schema';
import { RetrievalService } from './service';

/** Customer retrieval; needs the clue module and the public pool (set up before it). */
export const retrievalModule: Module = {
  name: 'retrieval',
  setup(ctx) {
    retrievalRoutes(
      ctx,
      new RetrievalService(
        ctx.db,
        ctx.services.clue,
        ctx.services.publicSea.pools,
        ctx.overrides.poolClock ?? (() => new Date()),
      ),
    );
  },
  async seed(ctx, demo) {
    // the demo organisations allow taking back from the sea and the recycle bin within 30 days, 20 a day
    for (const org of demo)
      await ctx.db.insert(retrievalSetting).values({
        organizationId: org.orgId,
        enabled: 1,
        days: 30,
        fromSea: 1,
        fromColleague: 2,
        fromDeleted: 1,
        dailyLimit: 20,
        updatedBy: org.adminId,
      });
  },
};
