import type { Module } from '../../platform/context';
import { clueRoutes } from './routes';
import { seedClues } from './seed';
import { ClueService } from './service';

declare module '../../platform/context' {
  interface Services {
    clue: ClueService;
  }
}

/** Leads and customers; needs the clueField module (set up before it). */
export const clueModule: Module = {
  name: 'clue',
  setup(ctx) {
    const svc = new ClueService(ctx.db, ctx.services.clueField, ctx);
    ctx.services.clue = svc;
    clueRoutes(ctx, svc);
  },
  async seed(ctx, demo) {
    for (const [i, org] of demo.entries()) await seedClues(ctx, org, i);
  },
};
