import type { AppContext } from '../../platform/context';
import type { QualityRules } from './checkers';
import { checkRecorder, removeChecks } from './checks';
import { hitRecorder, removeHits } from './hits';
import { removeSopResults, sopRecorder } from './sopResults';
import type { SopRules } from './sopRules';

/** The events quality inspection emits (platform/events.ts). */
declare module '../../platform/events' {
  interface DomainEvents {
    /** The call's SOP coverage of analysis `version` is stored: its score, which reads it, follows. */
    'quality.sopChecked': { orgId: number; recordingId: number; version: number };
    /** The call's machine score of analysis `version` is stored. */
    'quality.scored': { orgId: number; recordingId: number; version: number };
  }
}

/**
 * Quality inspection's consumers, each its own queue: after `analysis.saved` the hits and the SOP coverage; after the
 * coverage (`quality.sopChecked`) the score; after `recording.deleted` the call's rows go.
 */
export function qualityConsumers(ctx: AppContext, rules: QualityRules, sopRules: SopRules): void {
  const analysis = ctx.services.analysis;
  analysis.onAnalysed('quality.hits', hitRecorder(ctx, rules));
  const sop = sopRecorder(ctx, sopRules);
  // SOP and score two at a time: the slowest consumers of a call, after insight
  analysis.onAnalysed(
    'quality.sop',
    async (e) => {
      await sop(e);
      await ctx.events.emitOnce('quality.sopChecked', {
        orgId: e.orgId,
        recordingId: e.recording.id,
        version: e.version,
      });
    },
    { concurrency: 2 },
  );
  const score = checkRecorder(ctx);
  ctx.events.on(
    'quality.sopChecked',
    'quality.score',
    async (p) => {
      const e = await analysis.analysed(p.orgId, p.recordingId, p.version);
      if (!e) return; // a newer analysis was asked for: its own chain scores the call
      await score(e);
      await ctx.events.emitOnce('quality.scored', p);
    },
    { concurrency: 2 },
  );
  ctx.events.on('recording.deleted', 'quality.removed', async ({ orgId, recordingIds }) => {
    await ctx.db.transaction(async (tx) => {
      await removeHits(tx, orgId, recordingIds);
      await removeSopResults(tx, orgId, recordingIds);
      await removeChecks(tx, orgId, recordingIds);
    });
  });
}
