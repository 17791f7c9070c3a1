import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import type { AnalysedEvent } from '../analysis';
import { leadOfOrg } from '../clue';
import { orgUser } from '../org';
import { extractMentions } from './extract';
import { applyDaily } from './rollup';
import { insightCall, insightMention } from './schema';

/** The `insight.briefing` job: one customer's briefing rebuilt (singleton per customer while queued). */
export const BRIEFING_JOB = 'insight.briefing';
/** Calls of one customer analysed within this many seconds share one rebuild (the first, and one after them). */
const BRIEFING_DEBOUNCE_SECONDS = 2;
export interface BriefingJob {
  orgId: number;
  clueId: number;
}

/**
 * After every analysed call (analysis.onAnalysed): the call's insight row and its mentions replace what a previous
 * analysis of it left (one transaction), then the customer's briefing is queued and the call's reminder signals are
 * checked. Idempotent: a retry writes the same rows again and raises nothing twice.
 */
export function insightRecorder(
  ctx: AppContext,
  rebuildNow: (orgId: number, clueId: number) => Promise<void>,
  onCall: (e: AnalysedEvent) => Promise<void>,
) {
  return async (e: AnalysedEvent): Promise<void> => {
    const { orgId, recording: rec, result, effective } = e;
    const transcript = await ctx.services.asr.getTranscript(orgId, rec.id);
    const callAt = rec.callTime ?? rec.createdAt;
    const owner = rec.ownerUserId ? await orgUser(ctx.db, orgId, rec.ownerUserId) : undefined;
    const customer = rec.clueId ? await leadOfOrg(ctx.db, orgId, rec.clueId) : undefined;
    const who = {
      organizationId: orgId,
      recordingId: rec.id,
      clueId: customer ? rec.clueId : null,
      ownerUserId: rec.ownerUserId,
      deptId: owner?.deptId ?? null,
      stage: customer?.stage ?? null,
      callAt,
    };
    const mentions = transcript ? extractMentions(result, transcript.segments, callAt) : [];
    await ctx.db.transaction(async (tx) => {
      await removeInsight(tx, orgId, [rec.id]);
      await tx.insert(insightCall).values({
        ...who,
        intention: effective.intention,
        intentionDegree: effective.intentionDegree,
        churnRisk: effective.churnRisk,
        aiLabels: effective.aiLabels,
        inbound: rec.callType === 2 ? 1 : 0,
        summary: effective.summary ?? '',
      });
      for (let i = 0; i < mentions.length; i += 500)
        await tx.insert(insightMention).values(mentions.slice(i, i + 500).map((m) => ({ ...who, ...m })));
      await applyDaily(tx, orgId, [rec.id], 1);
    });
    if (who.clueId) {
      // without a running queue (the seed, a CLI) the briefing is rebuilt here
      if (ctx.jobs.isStarted)
        await ctx.jobs.boss.sendDebounced(
          BRIEFING_JOB,
          { orgId, clueId: who.clueId } satisfies BriefingJob,
          null,
          BRIEFING_DEBOUNCE_SECONDS,
          `${orgId}:${who.clueId}`,
        );
      else await rebuildNow(orgId, who.clueId);
      await onCall(e);
    }
  };
}

/** A deleted recording's insight rows (the briefing of its customer is rebuilt by the next analysed call or by hand). */
export async function removeInsight(tx: DbOrTx, orgId: number, recordingIds: number[]): Promise<void> {
  if (!recordingIds.length) return;
  await applyDaily(tx, orgId, recordingIds, -1);
  await tx
    .delete(insightMention)
    .where(and(eq(insightMention.organizationId, orgId), inArray(insightMention.recordingId, recordingIds)));
  await tx
    .delete(insightCall)
    .where(and(eq(insightCall.organizationId, orgId), inArray(insightCall.recordingId, recordingIds)));
}
