import { and, eq, gte, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import type { AnalysedEvent } from '../analysis';
import { orgUser } from '../org';
import { qualityCheck, qualityCheckHistory, sopCallResult } from './schema';
import { activeCard } from './scorecards';
import { scoreCall } from './scoring';

/**
 * After every stored analysis (registered after the hit and SOP listeners, whose rows it reads): the call's machine
 * score under the organisation's active card becomes its quality_check row. A re-analysis moves the earlier row to
 * quality_check_history first, so scores under earlier rules and cards are not lost.
 */

export function checkRecorder(ctx: AppContext) {
  return async ({ orgId, recording, result, analysedAt }: AnalysedEvent): Promise<void> => {
    // scored since this analysis was stored: a run again of the same job (its worker died before completing it)
    const [done] = await ctx.db
      .select({ id: qualityCheck.id })
      .from(qualityCheck)
      .where(
        and(
          eq(qualityCheck.organizationId, orgId),
          eq(qualityCheck.recordingId, recording.id),
          gte(qualityCheck.checkedAt, analysedAt),
        ),
      );
    if (done) return;
    const [card, sopRows, owner] = await Promise.all([
      activeCard(ctx.db, orgId),
      ctx.db
        .select({ result: sopCallResult.result, coverage: sopCallResult.coverage })
        .from(sopCallResult)
        .where(and(eq(sopCallResult.organizationId, orgId), eq(sopCallResult.recordingId, recording.id))),
      recording.ownerUserId ? orgUser(ctx.db, orgId, recording.ownerUserId) : undefined,
    ]);
    const sopItems = sopRows.flatMap((r) => r.result.items);
    const scored = scoreCall(card, { violations: result.violations, sopItems, flags: result.flags });
    const row = {
      organizationId: orgId,
      recordingId: recording.id,
      scorecardId: card.id,
      scorecardName: card.name,
      score: scored.score,
      passLine: card.passLine,
      passed: scored.passed,
      fatal: scored.fatal,
      deductions: scored.deductions,
      violationCount: result.violations.length,
      violationRules: [...new Set(result.violations.map((v) => v.rule.slice(0, 50)))],
      missedItemIds: [...new Set(sopItems.filter((i) => !i.hit).map((i) => i.itemId))],
      sopCoverage: sopRows.length ? sopRows.reduce((sum, r) => sum + r.coverage, 0) / sopRows.length : null,
      ownerUserId: recording.ownerUserId,
      deptId: owner?.deptId ?? null,
      callTime: recording.callTime ?? recording.createdAt,
      durationMs: recording.durationMs,
      checkedAt: new Date(),
    };
    await ctx.db.transaction(async (tx) => {
      await archive(tx, orgId, [recording.id]);
      await tx.insert(qualityCheck).values(row);
    });
  };
}

async function archive(tx: DbOrTx, orgId: number, recordingIds: number[]): Promise<void> {
  const of = and(eq(qualityCheck.organizationId, orgId), inArray(qualityCheck.recordingId, recordingIds));
  const moved = await tx.delete(qualityCheck).where(of).returning();
  if (moved.length) await tx.insert(qualityCheckHistory).values(moved.map(({ id: _id, ...r }) => r));
}

/** Scores go with their recordings (current and history): for the recording module's delete transaction. */
export async function removeChecks(tx: DbOrTx, orgId: number, recordingIds: number[]): Promise<void> {
  if (!recordingIds.length) return;
  await tx
    .delete(qualityCheck)
    .where(and(eq(qualityCheck.organizationId, orgId), inArray(qualityCheck.recordingId, recordingIds)));
  await tx
    .delete(qualityCheckHistory)
    .where(and(eq(qualityCheckHistory.organizationId, orgId), inArray(qualityCheckHistory.recordingId, recordingIds)));
}
