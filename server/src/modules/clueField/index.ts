import type { Module } from '../../platform/context';
import { clueFieldRoutes } from './routes';
import { ClueFieldService } from './service';

declare module '../../platform/context' {
  interface Services {
    clueField: ClueFieldService;
  }
}

export const clueFieldModule: Module = {
  name: 'clueField',
  setup(ctx) {
    const svc = new ClueFieldService(ctx.db);
    ctx.services.clueField = svc;
    clueFieldRoutes(ctx, svc);
  },
  async seed(ctx, demo) {
    for (const org of demo) await ctx.services.clueField.seedDefaults(org.orgId);
  },
};
