import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { AppealStatusName } from '@crm/core/contract/qualityReview';
import { and, desc, eq, gte, lte } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { badRequest, conflict, forbidden } from '../../platform/errors';
import { page, pageRows } from '../../platform/paging';
import { findScoped, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { uniqueViolation } from '../../platform/validation';
import { orgUsersByIds } from '../org';
import { findRecording, recordingFiles, recordingInOrg, refuseSelfReview, updateRecording } from '../recording';
import { recordHistory } from './history';
import { appealDeciders, tell } from './messages';
import { currentReview, pendingAppeal } from './reviews';
import { callReview, reviewAppeal } from './schema';

/** A seat's appeal against the reviewed score of its own call, and a manager's decision on it. */

type Calls = typeof contract.qualityReview;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type AppealRow = typeof reviewAppeal.$inferSelect;

const PENDING = 1;
const ACCEPTED = 2;
const REJECTED = 3;
const owner = reviewAppeal.ownerUserId;
const SELF_APPEAL = '不能处理自己通话的申诉';

export async function createAppeal(
  ctx: AppContext,
  s: Session,
  input: Body<'createAppeal'>,
): Promise<Answer<'createAppeal'>> {
  const rec = await findRecording(ctx.db, s, input.recordingId);
  if (rec.ownerUserId !== s.userId) throw forbidden('只能对自己的通话提出申诉');
  const review = await currentReview(ctx.db, s.orgId, rec.id);
  if (!review) throw badRequest('该通话尚未复核评分，无法申诉');
  if (await pendingAppeal(ctx.db, s.orgId, rec.id)) throw conflict('该通话已有待处理的申诉');
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reviewAppeal)
        .values({
          organizationId: s.orgId,
          recordingId: rec.id,
          ownerUserId: s.userId,
          reason: input.reason,
          originalScore: review.score,
        })
        .returning({ id: reviewAppeal.id });
      await recordHistory(tx, s.orgId, {
        recordingId: rec.id,
        event: 'appeal',
        scoreBefore: review.score,
        scoreAfter: review.score,
        comment: input.reason,
        userId: s.userId,
      });
      return row.id;
    });
  } catch (e) {
    if (uniqueViolation(e) !== null) throw conflict('该通话已有待处理的申诉');
    throw e;
  }
  const managers = await appealDeciders(ctx.db, s.orgId, s.userId);
  await tell(
    ctx,
    s.orgId,
    managers,
    '新的质检申诉',
    `通话「${rec.fileName}」的复核得分 ${review.score} 分被提出申诉，理由：${input.reason}`,
    rec.id,
  );
  return { id };
}

export async function listAppeals(db: DbOrTx, s: Session, f: Body<'appealList'>): Promise<Answer<'appealList'>> {
  const t = reviewAppeal;
  const where = and(
    scoped(s, t, { owner }),
    f.status ? eq(t.status, f.status) : undefined,
    f.ownerUserId ? eq(t.ownerUserId, f.ownerUserId) : undefined,
    f.recordingId ? eq(t.recordingId, f.recordingId) : undefined,
    f.startTime ? gte(t.createdAt, f.startTime) : undefined,
    f.endTime ? lte(t.createdAt, f.endTime) : undefined,
  );
  const { rows, total } = await pageRows(db, t, where, [desc(t.createdAt), desc(t.id)], f);
  return page(await appealViews(db, s.orgId, rows), total, f);
}

export async function decideAppeal(
  ctx: AppContext,
  s: Session,
  input: Body<'decideAppeal'>,
): Promise<Answer<'decideAppeal'>> {
  const appeal: AppealRow = await findScoped(ctx.db, s, reviewAppeal, input.id, { owner, missing: '申诉不存在' });
  // no self-review: neither one's own appeal nor an appeal on a call bound to oneself now
  if (appeal.ownerUserId === s.userId) throw badRequest(SELF_APPEAL);
  const rec = await recordingInOrg(ctx.db, s.orgId, appeal.recordingId);
  if (rec) refuseSelfReview(s, rec, SELF_APPEAL);
  if (appeal.status !== PENDING) throw conflict('该申诉已处理');
  const status = input.accept ? ACCEPTED : REJECTED;
  const newScore = input.accept ? (input.score ?? null) : null;
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(reviewAppeal)
      .set({ status, newScore, decisionComment: input.comment ?? null, decidedBy: s.userId, decidedAt: now })
      .where(and(scoped(s, reviewAppeal), eq(reviewAppeal.id, appeal.id), eq(reviewAppeal.status, PENDING)))
      .returning({ id: reviewAppeal.id });
    if (!changed.length) throw conflict('该申诉已处理');
    const review = await currentReview(tx, s.orgId, appeal.recordingId);
    const before = review?.score ?? appeal.originalScore;
    if (newScore !== null) {
      await tx
        .update(callReview)
        .set({ score: newScore, updatedAt: now })
        .where(and(scoped(s, callReview), eq(callReview.recordingId, appeal.recordingId)));
      await updateRecording(tx, s.orgId, appeal.recordingId, { qualityScore: newScore });
    }
    await recordHistory(tx, s.orgId, {
      recordingId: appeal.recordingId,
      event: input.accept ? 'accept' : 'reject',
      scoreBefore: before,
      scoreAfter: newScore ?? before,
      comment: input.comment,
      userId: s.userId,
    });
  });
  const verdict = input.accept ? `已通过，分数改为 ${newScore} 分` : '已驳回';
  await tell(
    ctx,
    s.orgId,
    [appeal.ownerUserId],
    '质检申诉已处理',
    `您对通话的申诉${verdict}${input.comment ? `，处理意见：${input.comment}` : ''}。`,
    appeal.recordingId,
  );
  return { id: appeal.id, status, score: newScore };
}

async function appealViews(db: DbOrTx, orgId: number, rows: AppealRow[]): Promise<Answer<'appealList'>['lists']> {
  const ids = [...new Set(rows.map((r) => r.recordingId))];
  const files = await recordingFiles(db, orgId, ids);
  const names = await orgUsersByIds(
    db,
    orgId,
    rows.flatMap((r) => (r.decidedBy ? [r.ownerUserId, r.decidedBy] : [r.ownerUserId])),
  );
  return rows.map((r) => ({
    id: r.id,
    recordingId: r.recordingId,
    fileName: files.get(r.recordingId)?.fileName ?? null,
    ownerUserId: r.ownerUserId,
    ownerName: names.get(r.ownerUserId)?.realName ?? null,
    reason: r.reason,
    originalScore: r.originalScore,
    newScore: r.newScore,
    status: r.status,
    statusName: AppealStatusName[r.status as keyof typeof AppealStatusName] ?? '',
    decisionComment: r.decisionComment,
    decidedBy: r.decidedBy,
    decidedByName: r.decidedBy ? (names.get(r.decidedBy)?.realName ?? null) : null,
    decidedAt: formatDateTime(r.decidedAt),
    createdAt: formatDateTime(r.createdAt),
  }));
}
