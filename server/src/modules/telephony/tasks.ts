import { CallStatus, CallTaskStatus, CustomerStage, formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import { page, pageRows } from '../../platform/paging';
import { scoped, seesUser } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import { clueIdsOfFilter } from '../clue';
import { getOrgSetting, orgUsersByIds } from '../org';
import { callRecord, callTask, callTaskLead } from './schema';
import { callViews, maskerFor } from './views';

type Calls = typeof contract.telephony;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type TaskRow = typeof callTask.$inferSelect;
type LeadRow = typeof callTaskLead.$inferSelect;

/** Call tasks (/calltask) and their leads (/cluetask): building, assigning, pausing, progress, the next lead. */

const MAX_TASK_LEADS = 5000;

/** A manager sees the tasks created within their data scope; a seat the tasks it works. */
function taskScope(s: Session): SQL {
  return scoped(s, callTask, {
    owner: callTask.creatorId,
    orWhere: sql`${s.userId} = any(${callTask.seatUserIds})`,
  });
}

async function findTask(db: DbOrTx, s: Session, id: number): Promise<TaskRow> {
  const [row] = await db
    .select()
    .from(callTask)
    .where(and(taskScope(s), eq(callTask.id, id)))
    .limit(1);
  if (!row) throw notFound('外呼任务不存在');
  return row;
}

/** Progress of tasks from their leads: dialled, answered, missed, average talk time. */
async function progress(db: DbOrTx, ids: number[]) {
  if (!ids.length)
    return new Map<number, { total: number; dialed: number; answered: number; missed: number; avg: number }>();
  const rows = await db
    .select({
      taskId: callTaskLead.taskId,
      total: sql<number>`count(*)::int`,
      dialed: sql<number>`count(*) filter (where ${callTaskLead.attempts} > 0)::int`,
      answered: sql<number>`count(*) filter (where ${callTaskLead.callStatus} = 2)::int`,
      missed: sql<number>`count(*) filter (where ${callTaskLead.callStatus} = 3)::int`,
      avg: sql<number>`coalesce(round(avg(${callTaskLead.talkSeconds}) filter (where ${callTaskLead.callStatus} = 2)), 0)::int`,
    })
    .from(callTaskLead)
    .where(inArray(callTaskLead.taskId, ids))
    .groupBy(callTaskLead.taskId);
  return new Map(
    rows.map((r) => [
      r.taskId,
      { total: r.total, dialed: r.dialed, answered: r.answered, missed: r.missed, avg: r.avg },
    ]),
  );
}

async function taskViews(ctx: AppContext, s: Session, rows: TaskRow[]): Promise<Answer<'taskDetail'>[]> {
  const [stats, users] = await Promise.all([
    progress(
      ctx.db,
      rows.map((r) => r.id),
    ),
    orgUsersByIds(
      ctx.db,
      s.orgId,
      rows.flatMap((r) => [r.creatorId, ...r.seatUserIds]),
    ),
  ]);
  return rows.map((r) => {
    const p = stats.get(r.id);
    return {
      id: r.id,
      name: r.name,
      status: r.status,
      statusName: CallTaskStatus[r.status as keyof typeof CallTaskStatus] ?? '',
      seatUserIds: r.seatUserIds,
      seatNames: r.seatUserIds.map((id) => users.get(id)?.realName ?? '').filter(Boolean),
      creatorName: users.get(r.creatorId)?.realName ?? null,
      total: p?.total ?? 0,
      dialed: p?.dialed ?? 0,
      answered: p?.answered ?? 0,
      missed: p?.missed ?? 0,
      avgTalkSeconds: p?.avg ?? 0,
      remark: r.remark,
      createdAt: formatDateTime(r.createdAt),
      startedAt: formatDateTime(r.startedAt),
      endedAt: formatDateTime(r.endedAt),
    };
  });
}

export async function listTasks(ctx: AppContext, s: Session, f: Body<'taskList'>) {
  const where = and(
    taskScope(s),
    f.status ? eq(callTask.status, f.status) : undefined,
    f.keyword ? ilike(callTask.name, likePattern(f.keyword)) : undefined,
  )!;
  const { rows, total } = await pageRows(ctx.db, callTask, where, [desc(callTask.createdAt), desc(callTask.id)], f);
  return page(await taskViews(ctx, s, rows), total, f);
}

export async function taskDetail(ctx: AppContext, s: Session, id: number) {
  const [v] = await taskViews(ctx, s, [await findTask(ctx.db, s, id)]);
  return v;
}

/** The seats must be active users of the organisation within the manager's data scope. */
async function checkSeats(ctx: AppContext, s: Session, ids: number[]) {
  const users = await orgUsersByIds(ctx.db, s.orgId, ids);
  for (const id of ids) {
    const u = users.get(id);
    if (u?.status !== 1 || !seesUser(s, id)) throw badRequest('seatUserIds：坐席不存在或不在您的数据权限内');
  }
}

export async function addTask(ctx: AppContext, s: Session, b: Body<'taskAdd'>) {
  if (!b.clueIds?.length && !b.filter && !b.poolId) throw badRequest('请选择客户、公海客户包或设置筛选条件');
  const seatUserIds = [...new Set(b.seatUserIds)];
  await checkSeats(ctx, s, seatUserIds);
  const chosen = b.clueIds?.length ? b.clueIds : undefined;
  // from a pool package (the pool's leads, whoever may claim them) or from the session's own lead list
  const clueIds = b.poolId
    ? await ctx.services.publicSea.leadIds(
        s,
        { poolId: b.poolId, seaTypes: b.seaTypes, filter: b.filter },
        MAX_TASK_LEADS,
        chosen,
      )
    : await clueIdsOfFilter(ctx.db, ctx.services.clue.lists, s, b.filter ?? {}, MAX_TASK_LEADS, chosen);
  if (!clueIds.length) throw badRequest('没有符合条件的客户');
  const id = await ctx.db.transaction(async (tx) => {
    const [task] = await tx
      .insert(callTask)
      .values({ organizationId: s.orgId, name: b.name, seatUserIds, creatorId: s.userId, remark: b.remark ?? null })
      .returning({ id: callTask.id });
    // the order chosen (or the list's) is the calling order
    const ordered = b.clueIds?.length ? b.clueIds.filter((c) => clueIds.includes(c)) : clueIds;
    for (let i = 0; i < ordered.length; i += 1000)
      await tx
        .insert(callTaskLead)
        .values(
          ordered.slice(i, i + 1000).map((clueId, j) => ({
            organizationId: s.orgId,
            taskId: task.id,
            clueId,
            sortNo: i + j,
          })),
        )
        .onConflictDoNothing();
    return task.id;
  });
  return taskDetail(ctx, s, id);
}

/** Writes to a task take calltask:edit and a task the manager created (or sees): a seat only works it. */
async function editableTask(ctx: AppContext, s: Session, id: number) {
  const task = await findTask(ctx.db, s, id);
  if (!s.isSuperAdmin && !seesUser(s, task.creatorId)) throw notFound('外呼任务不存在');
  return task;
}

export async function updateTask(ctx: AppContext, s: Session, b: Body<'taskUpdate'>) {
  const task = await editableTask(ctx, s, b.id);
  if (task.status === 3) throw badRequest('外呼任务已结束，不能修改');
  if (b.seatUserIds) await checkSeats(ctx, s, b.seatUserIds);
  await ctx.db
    .update(callTask)
    .set({
      ...(b.name ? { name: b.name } : {}),
      ...(b.seatUserIds ? { seatUserIds: [...new Set(b.seatUserIds)] } : {}),
      ...(b.remark !== undefined ? { remark: b.remark } : {}),
    })
    .where(eq(callTask.id, task.id));
  return taskDetail(ctx, s, task.id);
}

export async function deleteTask(ctx: AppContext, s: Session, id: number) {
  const task = await editableTask(ctx, s, id);
  if (task.status === 1) throw badRequest('外呼任务进行中，请先暂停或结束');
  await ctx.db.update(callTask).set({ deletedAt: new Date() }).where(eq(callTask.id, task.id));
  return { id };
}

/** Start or resume (1), pause (2), end (3); an ended task stays ended. */
export async function setTaskStatus(ctx: AppContext, s: Session, b: Body<'taskStatus'>) {
  const task = await editableTask(ctx, s, b.id);
  if (task.status === 3) throw badRequest('外呼任务已结束');
  const now = new Date();
  await ctx.db
    .update(callTask)
    .set({
      status: b.status,
      ...(b.status === 1 && !task.startedAt ? { startedAt: now } : {}),
      ...(b.status === 3 ? { endedAt: now } : {}),
    })
    .where(eq(callTask.id, task.id));
  return taskDetail(ctx, s, task.id);
}

async function leadViews(
  ctx: AppContext,
  s: Session,
  rows: LeadRow[],
): Promise<NonNullable<Answer<'nextLead'>['lead']>[]> {
  const clue = ctx.services.clue;
  const [mask, users, leads] = await Promise.all([
    maskerFor(ctx, s),
    orgUsersByIds(
      ctx.db,
      s.orgId,
      rows.flatMap((r) => (r.assignedUserId ? [r.assignedUserId] : [])),
    ),
    Promise.all(rows.map((r) => clue.findById(s.orgId, r.clueId))),
  ]);
  return rows.map((r, i) => {
    const lead = leads[i];
    return {
      id: r.id,
      taskId: r.taskId,
      clueId: r.clueId,
      name: lead?.name ?? '（已删除）',
      company: lead?.company ?? null,
      phone: lead ? mask(lead.phone) : '',
      assignedUserId: r.assignedUserId,
      assignedUserName: r.assignedUserId ? (users.get(r.assignedUserId)?.realName ?? null) : null,
      callStatus: r.callStatus,
      callStatusName: CallStatus[r.callStatus as keyof typeof CallStatus] ?? '',
      attempts: r.attempts,
      lastCallId: r.lastCallId,
      lastCallAt: formatDateTime(r.lastCallAt),
      skipped: r.skipped,
    };
  });
}

export async function listTaskLeads(ctx: AppContext, s: Session, f: Body<'taskLeads'>) {
  const task = await findTask(ctx.db, s, f.taskId);
  // a seat sees the leads it was handed; the task's managers see them all
  const mineOnly = !s.isSuperAdmin && !s.signs.has('calltask:edit');
  const where = and(
    eq(callTaskLead.taskId, task.id),
    mineOnly ? eq(callTaskLead.assignedUserId, s.userId) : undefined,
    f.callStatus ? eq(callTaskLead.callStatus, f.callStatus) : undefined,
  )!;
  const { rows, total } = await pageRows(
    ctx.db,
    callTaskLead,
    where,
    [asc(callTaskLead.sortNo), asc(callTaskLead.id)],
    f,
  );
  return page(await leadViews(ctx, s, rows), total, f);
}

/**
 * The next lead for this seat: the one it is calling (status 更新中) if any, else the first pending lead of the task
 * not handed to another seat, claimed for this seat (SKIP LOCKED: two seats never get the same lead).
 */
export async function nextLead(ctx: AppContext, s: Session, taskId: number): Promise<Answer<'nextLead'>> {
  const task = await findTask(ctx.db, s, taskId);
  if (!task.seatUserIds.includes(s.userId)) throw badRequest('您不是该任务的坐席');
  if (task.status !== 1) throw badRequest(task.status === 3 ? '外呼任务已结束' : '外呼任务未开始或已暂停');
  const mine = and(eq(callTaskLead.taskId, task.id), eq(callTaskLead.assignedUserId, s.userId));
  let [lead] = await ctx.db
    .select()
    .from(callTaskLead)
    .where(and(mine, eq(callTaskLead.callStatus, 102), eq(callTaskLead.skipped, false)))
    .limit(1);
  if (!lead) {
    const res = await ctx.db.execute<{ id: number }>(sql`
      update ${callTaskLead} set assigned_user_id = ${s.userId}
      where id = (
        select id from ${callTaskLead}
        where task_id = ${task.id} and call_status = 1 and skipped = false
          and (assigned_user_id is null or assigned_user_id = ${s.userId})
        order by (assigned_user_id is null), sort_no, id
        limit 1 for update skip locked)
      returning id`);
    const id = res.rows[0]?.id;
    if (id)
      [lead] = await ctx.db
        .select()
        .from(callTaskLead)
        .where(eq(callTaskLead.id, Number(id)))
        .limit(1);
  }
  const [{ remaining }] = await ctx.db
    .select({ remaining: sql<number>`count(*)::int` })
    .from(callTaskLead)
    .where(
      and(
        eq(callTaskLead.taskId, task.id),
        eq(callTaskLead.callStatus, 1),
        eq(callTaskLead.skipped, false),
        or(isNull(callTaskLead.assignedUserId), eq(callTaskLead.assignedUserId, s.userId)),
      ),
    );
  if (!lead) return { lead: null, remaining: 0, history: [], profile: null };
  const [view] = await leadViews(ctx, s, [lead]);
  const [history, showProfile, row] = await Promise.all([
    ctx.db
      .select()
      .from(callRecord)
      .where(and(eq(callRecord.organizationId, s.orgId), eq(callRecord.clueId, lead.clueId)))
      .orderBy(desc(callRecord.createdAt))
      .limit(10),
    getOrgSetting(ctx.db, s.orgId, 'customerProfileShow'),
    ctx.services.clue.findById(s.orgId, lead.clueId),
  ]);
  let profile: Answer<'nextLead'>['profile'] = null;
  if (showProfile.status === 1 && row) {
    const vc = await ctx.services.clue.read.viewContext(s);
    profile = {
      stageName: CustomerStage[row.stage as keyof typeof CustomerStage] ?? '',
      followStatusName: row.followStatusId ? (vc.dicts.get(row.followStatusId) ?? '') : '',
      tagNames: row.tagIds.map((id) => vc.tags.get(id) ?? '').filter(Boolean),
      remark: row.remark,
      lastFollowTime: formatDateTime(row.lastFollowTime),
    };
  }
  return { lead: view, remaining: Number(remaining), history: await callViews(ctx, s, history), profile };
}

export async function skipLead(ctx: AppContext, s: Session, id: number) {
  const [lead] = await ctx.db
    .select()
    .from(callTaskLead)
    .where(and(eq(callTaskLead.organizationId, s.orgId), eq(callTaskLead.id, id)))
    .limit(1);
  if (!lead) throw notFound('任务客户不存在');
  const task = await findTask(ctx.db, s, lead.taskId);
  if (!task.seatUserIds.includes(s.userId) || (lead.assignedUserId && lead.assignedUserId !== s.userId))
    throw notFound('任务客户不存在');
  await ctx.db.update(callTaskLead).set({ skipped: true, assignedUserId: s.userId }).where(eq(callTaskLead.id, id));
  return { id };
}

/** A task's lead by task and lead (for calling it): the task runs and the seat works it. */
export async function taskLeadForCall(ctx: AppContext, s: Session, taskId: number, clueId: number) {
  const task = await findTask(ctx.db, s, taskId);
  if (!task.seatUserIds.includes(s.userId)) throw notFound('外呼任务不存在');
  if (task.status !== 1) throw badRequest(task.status === 3 ? '外呼任务已结束' : '外呼任务未开始或已暂停');
  const [lead] = await ctx.db
    .select()
    .from(callTaskLead)
    .where(and(eq(callTaskLead.taskId, taskId), eq(callTaskLead.clueId, clueId)))
    .limit(1);
  if (!lead) throw notFound('该客户不在外呼任务中');
  if (lead.assignedUserId && lead.assignedUserId !== s.userId) throw badRequest('该客户已分配给其他坐席');
  return lead;
}
