import type { Module } from '../../platform/context';
import { autoAssignRoutes } from './routes';
import { seedAutoAssign } from './seed';
import { AutoAssignService } from './service';

declare module '../../platform/context' {
  interface Services {
    autoAssign: AutoAssignService;
  }
}

/** Automatic assignment of new leads; needs the clue module (set up before it), which it gives its rules. */
export const assignModule: Module = {
  name: 'assign',
  setup(ctx) {
    const svc = new AutoAssignService(ctx.db, ctx.services.clueField);
    ctx.services.autoAssign = svc;
    ctx.services.clue.useAutoAssign(svc.assign);
    autoAssignRoutes(ctx, svc);
  },
  async seed(ctx, demo) {
    for (const org of demo) await seedAutoAssign(ctx, org);
  },
};
