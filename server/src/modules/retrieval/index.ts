import type { Module } from '../../platform/context';
import { retrievalRoutes } from './routes';
import { RetrievalService } from './service';

/** Customer retrieval; needs the clue module and the public pool (set up before it). */
export const retrievalModule: Module = {
  name: 'retrieval',
  setup(ctx) {
    retrievalRoutes(
      ctx,
      new RetrievalService(ctx.db, ctx.services.clue, ctx.overrides.poolClock ?? (() => new Date())),
    );
  },
};
