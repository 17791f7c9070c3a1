import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { aiCallComment, callAnalysis, callAnalysisBatchItem, clueAiTag } from './schema';

/**
 * Analyses go with their recordings (`recording.deleted`): the result, the comments and the batch items. The lead keeps the AI tags it got from the call, no longer pointing at it.
 */
export async function removeAnalyses(tx: DbOrTx, orgId: number, recordingIds: number[]): Promise<void> {
  if (!recordingIds.length) return;
  const of = <T extends { organizationId: any; recordingId: any }>(t: T) =>
    and(eq(t.organizationId, orgId), inArray(t.recordingId, recordingIds));
  await tx.delete(callAnalysis).where(of(callAnalysis));
  await tx.delete(aiCallComment).where(of(aiCallComment));
  await tx.delete(callAnalysisBatchItem).where(of(callAnalysisBatchItem));
  await tx.update(clueAiTag).set({ recordingId: null, updatedAt: new Date() }).where(of(clueAiTag));
}
