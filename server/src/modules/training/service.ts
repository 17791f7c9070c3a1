import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, desc, eq, gte, ilike, inArray, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import { page, pageRows } from '../../platform/paging';
import { scoped, seesUser } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import { activeUserIds, deptSubtree, orgUsersByIds, usersInDepts } from '../org';
import { findRecording, recordingInOrg, ticketOf } from '../recording';
import { markExample } from './examples';
import { trainViews } from './present';
import { callExample, callTrainLog, callTrainTransfer } from './schema';

type Body<K extends keyof typeof contract.training> = CallBody<(typeof contract.training)[K]>;
type Answer<K extends keyof typeof contract.training> = CallAnswer<(typeof contract.training)[K]>;
type TrainRow = typeof callTrainLog.$inferSelect;

export const TRAIN_MISSING = '培训不存在';

/** Managers (training:view or training:edit) see trainings by their data scope; everyone else their own only. */
export const managesTraining = (s: Session) =>
  s.isSuperAdmin || s.signs.has('training:view') || s.signs.has('training:edit');

/** The trainings a session sees: its own (mine, or not a manager), else those of its data scope. */
export function trainScope(s: Session, mine = false): SQL {
  return mine || !managesTraining(s)
    ? and(scoped(s, callTrainLog), eq(callTrainLog.userId, s.userId))!
    : scoped(s, callTrainLog, { owner: callTrainLog.userId });
}

function statusIs(status: number): SQL {
  if (status === 4) return and(ne(callTrainLog.status, 3), lt(callTrainLog.deadline, sql`now()`))!;
  if (status === 3) return eq(callTrainLog.status, 3);
  return and(eq(callTrainLog.status, status), gte(callTrainLog.deadline, sql`now()`))!;
}

async function findTrain(db: DbOrTx, s: Session, id: number, mine = false): Promise<TrainRow> {
  const [row] = await db
    .select()
    .from(callTrainLog)
    .where(and(eq(callTrainLog.id, id), trainScope(s, mine)))
    .limit(1);
  if (!row) throw notFound(TRAIN_MISSING);
  return row;
}

export async function trainFilter(db: DbOrTx, s: Session, f: Body<'export'>): Promise<SQL> {
  const depts = f.deptId ? await deptSubtree(db, s.orgId, f.deptId) : undefined;
  return and(
    trainScope(s, f.mine === 1),
    f.status ? statusIs(f.status) : undefined,
    f.userId ? eq(callTrainLog.userId, f.userId) : undefined,
    depts ? inArray(callTrainLog.deptId, depts.length ? depts : [0]) : undefined,
    f.kind
      ? sql`${callTrainLog.exampleId} in (select ${callExample.id} from ${callExample} where ${callExample.organizationId} = ${s.orgId} and ${callExample.kind} = ${f.kind})`
      : undefined,
    f.keyword
      ? or(ilike(callTrainLog.title, likePattern(f.keyword)), ilike(callTrainLog.scriptName, likePattern(f.keyword)))
      : undefined,
    f.startTime ? gte(callTrainLog.createdAt, f.startTime) : undefined,
    f.endTime ? lte(callTrainLog.createdAt, f.endTime) : undefined,
  )!;
}

export async function trainPage(db: DbOrTx, s: Session, f: Body<'callTrainPage'>): Promise<Answer<'callTrainPage'>> {
  const where = await trainFilter(db, s, f);
  const { rows, total } = await pageRows(
    db,
    callTrainLog,
    where,
    [desc(callTrainLog.createdAt), desc(callTrainLog.id)],
    f,
  );
  return page(await trainViews(db, s.orgId, rows), total, f);
}

/** One training with what its trainee studies: a ticket to the call's read-only detail, the moments, the facets. */
export async function trainDetail(ctx: AppContext, s: Session, id: number): Promise<Answer<'getCallTrainLog'>> {
  const { db } = ctx;
  const row = await findTrain(db, s, id);
  const [view] = await trainViews(db, s.orgId, [row]);
  const [example] = row.exampleId
    ? await db
        .select()
        .from(callExample)
        .where(and(eq(callExample.id, row.exampleId), eq(callExample.organizationId, s.orgId)))
    : [];
  const rec = row.recordingId ? await recordingInOrg(db, s.orgId, row.recordingId) : undefined;
  const transfers = await db
    .select()
    .from(callTrainTransfer)
    .where(and(eq(callTrainTransfer.organizationId, s.orgId), eq(callTrainTransfer.trainId, row.id)))
    .orderBy(callTrainTransfer.createdAt, callTrainTransfer.id);
  const names = await orgUsersByIds(db, s.orgId, [
    ...transfers.flatMap((t) => [t.fromUserId, t.toUserId, t.operatorId]),
    ...(rec?.ownerUserId ? [rec.ownerUserId] : []),
  ]);
  const name = (uid: number | null) => (uid ? (names.get(uid)?.realName ?? null) : null);
  return {
    ...view,
    moments: example?.moments ?? [],
    maskId: rec ? await ticketOf(ctx, rec) : null,
    callOwnerName: name(rec?.ownerUserId ?? null),
    callTime: rec ? formatDateTime(rec.callTime ?? rec.createdAt) : null,
    durationSeconds: rec ? Math.round(rec.durationMs / 1000) : null,
    tags: example?.tags ?? [],
    intention: example?.intention ?? null,
    objections: example?.objections ?? [],
    sopItems: example?.sopItems ?? [],
    transfers: transfers.map((t) => ({
      fromUserName: name(t.fromUserId),
      toUserName: name(t.toUserId),
      operatorName: name(t.operatorId),
      reason: t.reason,
      createdAt: formatDateTime(t.createdAt),
    })),
  };
}

/**
 * The users a training goes to: the people named (each within the assigner's data scope, enabled) and the enabled
 * users of the departments named with their sub-departments, within that scope.
 */
async function trainees(db: DbOrTx, s: Session, userIds: number[], deptIds: number[]): Promise<number[]> {
  const named = await activeUserIds(db, s.orgId, userIds);
  const refused = userIds.filter((u) => !named.includes(u) || !seesUser(s, u));
  if (refused.length) throw badRequest('所选人员不存在、已停用或不在您的数据权限内');
  const trees = (await Promise.all(deptIds.map((d) => deptSubtree(db, s.orgId, d)))).flat();
  if (deptIds.length && !trees.length) throw badRequest('所选部门不存在');
  const inDepts = trees.length ? await activeUserIds(db, s.orgId, await usersInDepts(db, s.orgId, trees)) : [];
  const all = [...new Set([...named, ...inDepts.filter((u) => seesUser(s, u))])];
  if (!all.length) throw badRequest('所选部门没有可指派的人员');
  return all;
}

/**
 * Assigns a call (marked as an example on the way) or a practice script to people and departments. A person who
 * already has the same training not yet completed is skipped, so that assigning twice adds nothing.
 */
export async function assignTraining(
  db: DbOrTx,
  s: Session,
  input: Body<'rpcAddCallTrainLog'>,
): Promise<Answer<'rpcAddCallTrainLog'>> {
  const users = await trainees(db, s, input.userIds, input.deptIds);
  return db.transaction(async (tx) => {
    let exampleId: number | null = null;
    let title = input.title;
    if (input.recordingId) {
      const rec = await findRecording(tx, s, input.recordingId);
      const [existing] = await tx
        .select()
        .from(callExample)
        .where(
          and(
            eq(callExample.organizationId, s.orgId),
            eq(callExample.recordingId, rec.id),
            isNull(callExample.deletedAt),
          ),
        );
      const marked =
        input.kind || !existing
          ? await markExample(tx, s, {
              recordingId: rec.id,
              kind: input.kind ?? ((existing?.kind ?? 1) as 1 | 2),
              note: input.note ?? existing?.note ?? undefined,
              moments: input.moments ?? existing?.moments ?? [],
            })
          : { id: existing.id };
      exampleId = marked.id;
      title ??= `通话案例：${rec.fileName.replace(/\.[^.]+$/, '')}`.slice(0, 100);
    } else title ??= `陪练：${input.scriptName}`;
    const pending = await tx
      .select({ userId: callTrainLog.userId })
      .from(callTrainLog)
      .where(
        and(
          scoped(s, callTrainLog),
          ne(callTrainLog.status, 3),
          exampleId ? eq(callTrainLog.exampleId, exampleId) : eq(callTrainLog.scriptId, input.scriptId!),
          inArray(callTrainLog.userId, users),
        ),
      );
    const skip = new Set(pending.map((p) => p.userId));
    const todo = users.filter((u) => !skip.has(u));
    if (!todo.length) return { ids: [], count: 0, exampleId };
    const depts = await orgUsersByIds(tx, s.orgId, todo);
    const rows = await tx
      .insert(callTrainLog)
      .values(
        todo.map((userId) => ({
          organizationId: s.orgId,
          source: exampleId ? 1 : 2,
          exampleId,
          recordingId: input.recordingId ?? null,
          scriptId: input.scriptId ?? null,
          scriptName: input.scriptName ?? null,
          title: title!,
          note: input.note ?? null,
          userId,
          deptId: depts.get(userId)?.deptId ?? null,
          assignedBy: s.userId,
          deadline: input.deadline,
        })),
      )
      .returning({ id: callTrainLog.id });
    return { ids: rows.map((r) => r.id), count: rows.length, exampleId };
  });
}

export async function updateTraining(
  db: DbOrTx,
  s: Session,
  input: Body<'rpcUpdCallTrainLog'>,
): Promise<{ id: number }> {
  await findTrain(db, s, input.id);
  const set: Partial<TrainRow> = { updatedAt: new Date() };
  if (input.title !== undefined) set.title = input.title;
  if (input.deadline !== undefined) set.deadline = input.deadline;
  if (input.note !== undefined) set.note = input.note;
  await db
    .update(callTrainLog)
    .set(set)
    .where(and(eq(callTrainLog.id, input.id), trainScope(s)));
  return { id: input.id };
}

/** The trainee's own steps: 1 开始学习 (once), 2 标记已学 with the 心得 (again to rewrite it). */
export async function operateTraining(
  db: DbOrTx,
  s: Session,
  input: Body<'rpcOperateCallTrainLog'>,
): Promise<Answer<'rpcOperateCallTrainLog'>> {
  const row = await findTrain(db, s, input.id, true);
  const now = new Date();
  const set: Partial<TrainRow> =
    input.operate === 1
      ? row.status === 1
        ? { status: 2, startedAt: now, updatedAt: now }
        : {}
      : {
          status: 3,
          startedAt: row.startedAt ?? now,
          completedAt: row.completedAt ?? now,
          takeaway: input.takeaway!,
          updatedAt: now,
        };
  if (Object.keys(set).length)
    await db
      .update(callTrainLog)
      .set(set)
      .where(and(eq(callTrainLog.id, row.id), trainScope(s, true)));
  return { id: row.id, status: set.status ?? row.status };
}

/** Hands unfinished trainings to another person, who starts them afresh; each move is kept in the history. */
export async function transferTrainings(
  db: DbOrTx,
  s: Session,
  input: Body<'rpcTransferCallTrainLog'>,
): Promise<{ count: number }> {
  const [to] = await activeUserIds(db, s.orgId, [input.toUserId]);
  if (!to || !seesUser(s, to)) throw badRequest('接收人不存在、已停用或不在您的数据权限内');
  const rows = await db
    .select()
    .from(callTrainLog)
    .where(and(trainScope(s), inArray(callTrainLog.id, input.ids)));
  if (rows.length !== new Set(input.ids).size) throw notFound(TRAIN_MISSING);
  if (rows.some((r) => r.status === 3)) throw badRequest('已完成的培训不能转交');
  if (rows.some((r) => r.userId === to)) throw badRequest('接收人已是该培训的学习人');
  const dept = (await orgUsersByIds(db, s.orgId, [to])).get(to)?.deptId ?? null;
  await db.transaction(async (tx) => {
    await tx.insert(callTrainTransfer).values(
      rows.map((r) => ({
        organizationId: s.orgId,
        trainId: r.id,
        fromUserId: r.userId,
        toUserId: to,
        reason: input.reason ?? null,
        operatorId: s.userId,
      })),
    );
    await tx
      .update(callTrainLog)
      .set({
        userId: to,
        deptId: dept,
        status: 1,
        startedAt: null,
        completedAt: null,
        takeaway: null,
        updatedAt: new Date(),
      })
      .where(
        and(
          trainScope(s),
          inArray(
            callTrainLog.id,
            rows.map((r) => r.id),
          ),
        ),
      );
  });
  return { count: rows.length };
}

/** Deletes trainings (soft): all of them or none when one is not found. */
export async function deleteTrainings(db: DbOrTx, s: Session, ids: number[]): Promise<{ count: number }> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: callTrainLog.id })
    .from(callTrainLog)
    .where(and(trainScope(s), inArray(callTrainLog.id, unique)));
  if (rows.length !== unique.length) throw notFound(TRAIN_MISSING);
  await db
    .update(callTrainLog)
    .set({ deletedAt: new Date() })
    .where(and(trainScope(s), inArray(callTrainLog.id, unique)));
  return { count: unique.length };
}
