import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { findRecording, refuseSelfReview, updateRecording } from '../recording';
import { recordHistory } from './history';
import { tell } from './messages';
import { callReview, reviewAppeal, reviewSampleCall } from './schema';

/** A reviewer's score and comment on a call: the review row, the recording's quality mark, the history, a message. */

type Calls = typeof contract.qualityReview;

export async function pendingAppeal(db: DbOrTx, orgId: number, recordingId: number) {
  const [row] = await db
    .select({ id: reviewAppeal.id })
    .from(reviewAppeal)
    .where(
      and(
        eq(reviewAppeal.organizationId, orgId),
        eq(reviewAppeal.recordingId, recordingId),
        eq(reviewAppeal.status, 1),
      ),
    )
    .limit(1);
  return row;
}

export async function currentReview(db: DbOrTx, orgId: number, recordingId: number) {
  const [row] = await db
    .select()
    .from(callReview)
    .where(and(eq(callReview.organizationId, orgId), eq(callReview.recordingId, recordingId)))
    .limit(1);
  return row;
}

export async function saveReview(
  ctx: AppContext,
  s: Session,
  input: CallBody<Calls['saveReview']>,
): Promise<CallAnswer<Calls['saveReview']>> {
  const rec = await findRecording(ctx.db, s, input.recordingId);
  refuseSelfReview(s, rec);
  // a pending appeal is decided first: a new review would change the score under the appeal
  if (await pendingAppeal(ctx.db, s.orgId, rec.id)) throw conflict('该通话有待处理的申诉，请先处理申诉');
  const now = new Date();
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(callReview)
      .values({
        organizationId: s.orgId,
        recordingId: rec.id,
        ownerUserId: rec.ownerUserId,
        score: input.score,
        comment: input.comment ?? null,
        reviewerId: s.userId,
      })
      .onConflictDoUpdate({
        target: [callReview.organizationId, callReview.recordingId],
        set: {
          ownerUserId: rec.ownerUserId,
          score: input.score,
          comment: input.comment ?? null,
          reviewerId: s.userId,
          updatedAt: now,
        },
      })
      .returning({ id: callReview.id });
    await updateRecording(tx, s.orgId, rec.id, { qualityScore: input.score, qualityRemark: input.comment });
    await tx
      .update(reviewSampleCall)
      .set({ reviewedAt: now })
      .where(
        and(scoped(s, reviewSampleCall), eq(reviewSampleCall.recordingId, rec.id), isNull(reviewSampleCall.reviewedAt)),
      );
    await recordHistory(tx, s.orgId, {
      recordingId: rec.id,
      event: 'review',
      scoreBefore: rec.qualityScore,
      scoreAfter: input.score,
      comment: input.comment,
      userId: s.userId,
    });
    return row.id;
  });
  if (rec.ownerUserId && rec.ownerUserId !== s.userId)
    await tell(
      ctx,
      s.orgId,
      [rec.ownerUserId],
      '通话已复核',
      `您的通话「${rec.fileName}」复核得分 ${input.score} 分${input.comment ? `，评语：${input.comment}` : ''}。如有异议可提出申诉。`,
      rec.id,
    );
  return { id, recordingId: rec.id, score: input.score };
}

/**
 * The recording module's saveQuality (score and remark from the recording list) calls this after saving: the change
 * is kept in the call's history.
 */
export async function recordManualScore(
  db: DbOrTx,
  s: Session,
  change: { recordingId: number; scoreBefore: number | null; scoreAfter: number | null; remark: string | null },
): Promise<void> {
  await recordHistory(db, s.orgId, {
    recordingId: change.recordingId,
    event: 'manual',
    scoreBefore: change.scoreBefore,
    scoreAfter: change.scoreAfter,
    comment: change.remark,
    userId: s.userId,
  });
}
