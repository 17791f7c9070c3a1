import { formatDateTime } from '@crm/core';
import type { CallAnswer, contract } from '@crm/core/contract';
import { type ReviewEvent, ReviewEventName } from '@crm/core/contract/qualityReview';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { orgUsersByIds } from '../org';
import { findRecording } from '../recording';
import { reviewHistory } from './schema';

/** A call's score history: every review, manual score, appeal and decision, with who and when. */

export interface HistoryInput {
  recordingId: number;
  event: ReviewEvent;
  scoreBefore: number | null;
  scoreAfter: number | null;
  comment?: string | null;
  userId: number | null;
}

export async function recordHistory(tx: DbOrTx, orgId: number, e: HistoryInput): Promise<void> {
  await tx.insert(reviewHistory).values({
    organizationId: orgId,
    recordingId: e.recordingId,
    event: e.event,
    scoreBefore: e.scoreBefore,
    scoreAfter: e.scoreAfter,
    comment: e.comment ?? null,
    userId: e.userId,
  });
}

/** The history of a call the session may see (404 录音不存在 otherwise), newest first. */
export async function historyOf(
  db: DbOrTx,
  s: Session,
  recordingId: number,
): Promise<CallAnswer<typeof contract.qualityReview.history>> {
  await findRecording(db, s, recordingId);
  const t = reviewHistory;
  const rows = await db
    .select()
    .from(t)
    .where(and(scoped(s, t), eq(t.recordingId, recordingId)))
    .orderBy(desc(t.createdAt), desc(t.id));
  const names = await orgUsersByIds(
    db,
    s.orgId,
    rows.flatMap((r) => (r.userId ? [r.userId] : [])),
  );
  return rows.map((r) => ({
    id: r.id,
    recordingId: r.recordingId,
    event: r.event,
    eventName: ReviewEventName[r.event],
    scoreBefore: r.scoreBefore,
    scoreAfter: r.scoreAfter,
    comment: r.comment,
    userId: r.userId,
    userName: r.userId ? (names.get(r.userId)?.realName ?? null) : null,
    createdAt: formatDateTime(r.createdAt),
  }));
}
