import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { FeedbackStatusName, FeedbackTypeName } from '@crm/core/contract/feedback';
import { and, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { page, pageRows } from '../../platform/paging';
import { scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import { orgUsersByIds } from '../org';
import { problemFeedback } from './schema';

type Row = typeof problemFeedback.$inferSelect;
type Body<K extends keyof typeof contract.feedback> = CallBody<(typeof contract.feedback)[K]>;
type Answer<K extends keyof typeof contract.feedback> = CallAnswer<(typeof contract.feedback)[K]>;

/**
 * Administrators (the operation-log sign, the feedback sign or the super admin) see every feedback of the
 * organisation; only holders of feedback:edit answer it (routes.ts).
 */
export const isFeedbackAdmin = (s: Session) =>
  s.isSuperAdmin || s.signs.has('log:view') || s.signs.has('feedback:edit');

export async function createFeedback(db: Db, s: Session, input: Body<'save'>): Promise<Answer<'save'>> {
  const [row] = await db
    .insert(problemFeedback)
    .values({
      organizationId: s.orgId,
      userId: s.userId,
      type: input.type,
      content: input.content,
      images: input.images,
      contact: input.contact ?? null,
    })
    .returning({ id: problemFeedback.id });
  return { id: row.id };
}

/** Feedback is the author's own, whatever the data scope; administrators see the organisation's. */
function scope(s: Session): SQL {
  return and(scoped(s, problemFeedback), isFeedbackAdmin(s) ? undefined : eq(problemFeedback.userId, s.userId))!;
}

export async function listFeedback(db: Db, s: Session, f: Body<'list'>): Promise<Answer<'list'>> {
  const where = and(
    scope(s),
    f.type ? eq(problemFeedback.type, f.type) : undefined,
    f.status ? eq(problemFeedback.status, f.status) : undefined,
    f.keyword ? ilike(problemFeedback.content, likePattern(f.keyword)) : undefined,
    f.startTime ? gte(problemFeedback.createdAt, f.startTime) : undefined,
    f.endTime ? lte(problemFeedback.createdAt, f.endTime) : undefined,
    f.userId && isFeedbackAdmin(s) ? eq(problemFeedback.userId, f.userId) : undefined,
  );
  const order = [desc(problemFeedback.createdAt), desc(problemFeedback.id)];
  const { rows, total } = await pageRows(db, problemFeedback, where, order, f);
  return page(await views(db, s.orgId, rows), total, f);
}

async function findFeedback(db: Db, s: Session, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(problemFeedback)
    .where(and(scope(s), eq(problemFeedback.id, id)))
    .limit(1);
  if (!row) throw notFound('反馈不存在');
  return row;
}

export async function feedbackDetail(db: Db, s: Session, id: number): Promise<Answer<'detail'>> {
  const [view] = await views(db, s.orgId, [await findFeedback(db, s, id)]);
  return view;
}

/** An administrator answers; the feedback becomes 已处理 unless another status is given. */
export async function replyFeedback(db: Db, s: Session, input: Body<'reply'>): Promise<Answer<'reply'>> {
  await findFeedback(db, s, input.id);
  const now = new Date();
  await db
    .update(problemFeedback)
    .set({ reply: input.reply, status: input.status ?? 3, replyUserId: s.userId, repliedAt: now, updatedAt: now })
    .where(and(eq(problemFeedback.id, input.id), scope(s)));
  return { id: input.id };
}

export async function updateFeedbackStatus(
  db: Db,
  s: Session,
  input: Body<'updateStatus'>,
): Promise<Answer<'updateStatus'>> {
  await findFeedback(db, s, input.id);
  await db
    .update(problemFeedback)
    .set({ status: input.status, updatedAt: new Date() })
    .where(and(eq(problemFeedback.id, input.id), scope(s)));
  return { id: input.id, status: input.status };
}

async function views(db: Db, orgId: number, rows: Row[]): Promise<Answer<'detail'>[]> {
  const names = await orgUsersByIds(
    db,
    orgId,
    rows.flatMap((r) => (r.replyUserId ? [r.userId, r.replyUserId] : [r.userId])),
  );
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    typeName: FeedbackTypeName[r.type as keyof typeof FeedbackTypeName] ?? '',
    content: r.content,
    images: r.images,
    contact: r.contact,
    status: r.status,
    statusName: FeedbackStatusName[r.status as keyof typeof FeedbackStatusName] ?? '',
    userId: r.userId,
    username: names.get(r.userId)?.username ?? null,
    realName: names.get(r.userId)?.realName ?? null,
    reply: r.reply,
    replyUserId: r.replyUserId,
    replyUserName: r.replyUserId ? (names.get(r.replyUserId)?.realName ?? null) : null,
    repliedAt: formatDateTime(r.repliedAt),
    createdAt: formatDateTime(r.createdAt),
  }));
}

/** Demo rows for the embedded start: a few feedbacks from seats, one of them answered. */
export async function seedFeedback(db: Db, orgId: number, adminId: number, seatIds: number[]) {
  if (!seatIds.length) return;
  const now = Date.now();
  await db.insert(problemFeedback).values([
    {
      organizationId: orgId,
      userId: seatIds[0],
      type: 1,
      content: '希望客户列表可以按最近跟进时间排序，方便安排当天的回访。',
      contact: '工作日 9:00-18:00',
      createdAt: new Date(now - 3 * 86_400_000),
      status: 3,
      reply: '已收到，下个版本在客户列表增加“最近跟进时间”排序。',
      replyUserId: adminId,
      repliedAt: new Date(now - 2 * 86_400_000),
    },
    {
      organizationId: orgId,
      userId: seatIds[seatIds.length > 1 ? 1 : 0],
      type: 2,
      content: '上传录音后偶尔需要刷新页面才能看到识别结果。',
      createdAt: new Date(now - 86_400_000),
      status: 2,
    },
    {
      organizationId: orgId,
      userId: seatIds[0],
      type: 3,
      content: '公海客户领取上限在哪里设置？',
      createdAt: new Date(now - 3_600_000),
    },
  ]);
}
