import type { Module } from '../../platform/context';
import { feedbackRoutes } from './routes';
import { seedFeedback } from './service';

export const feedbackModule: Module = {
  name: 'feedback',
  setup(ctx) {
    feedbackRoutes(ctx);
  },
  async seed(ctx, demo) {
    for (const org of demo) await seedFeedback(ctx.db, org.orgId, org.adminId, org.seatIds);
  },
};
