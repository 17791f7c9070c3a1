import type { Module } from '../../platform/context';
import { mergeRoutes } from './routes';
import { MergeService } from './service';

/** Duplicates and merging; needs the clue module (set up before it) and gives it the recordings' merge hook. */
export const mergeModule: Module = {
  name: 'merge',
  setup(ctx) {
    const svc = new MergeService(ctx.db, ctx.services.clue, ctx.services.clueField);
    ctx.services.clue.merge.hooks.push((tx, orgId, fromIds, toId) =>
      ctx.services.recording.moveToClue(tx, orgId, fromIds, toId),
    );
    mergeRoutes(ctx, svc);
  },
};
