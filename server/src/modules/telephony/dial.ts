import { randomUUID } from 'node:crypto';
import { normalizePhone, ResultCode } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { page, pageRows } from '../../platform/paging';
import { scoped, unscoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import type { XlsxExport } from '../../platform/xlsxExport';
import { getOrgSetting } from '../org';
import { checkBeforeDial } from './guard';
import { applyEvent, type CallRow, PHASE, pushStatus } from './lifecycle';
import { callRecord, callTaskLead } from './schema';
import { seatOfUser } from './seats';
import { NO_LINE } from './service';
import { dialRoute } from './settings';
import { taskLeadForCall } from './tasks';
import { callViews, logPhone, maskerFor } from './views';

type Calls = typeof contract.telephony;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;

/** Placing a call: the checks, the record before dialling, the provider's originate; the call records' reads. */

/**
 * The real number of a lead (read here only, never answered): a lead the session may see, or a lead of a running
 * task the seat works (the task grants it, whoever owns the lead).
 */
async function leadNumber(ctx: AppContext, s: Session, clueId: number, taskId?: number) {
  const taskLead = taskId ? await taskLeadForCall(ctx, s, taskId, clueId) : null;
  const lead = taskLead ? await ctx.services.clue.findById(s.orgId, clueId) : await ctx.services.clue.get(s, clueId);
  if (!lead) throw notFound('客户不存在');
  const phone = normalizePhone(lead.phone) || lead.phone;
  if (!phone) throw badRequest('该客户没有电话号码');
  return { taskLead, phone, clueId: lead.id as number | null };
}

/**
 * A number typed on the dial pad: the lead that has it, when the seat may see it; none yet (null) when no lead has
 * it, created as a 拨号盘线索 once the checks pass (dialCreatedLead); refused when it is a colleague's lead or in a pool.
 */
async function dialPadNumber(ctx: AppContext, s: Session, typed: string) {
  const phone = normalizePhone(typed);
  const existing = await ctx.services.clue.findByPhone(s.orgId, phone);
  if (!existing) return { taskLead: null, phone, clueId: null };
  const visible = await ctx.services.clue.get(s, existing.id).catch(() => null);
  if (!visible)
    throw conflict(
      existing.isInSea === 1 ? '该号码是公海客户，请先领取后再拨打' : '该号码已是其他同事的客户，不能从拨号盘拨打',
    );
  return { taskLead: null, phone, clueId: existing.id };
}

/** The 拨号盘线索 of a number no lead has: the seat's own lead, made by the clue module's add (receive type 3). */
async function dialCreatedLead(ctx: AppContext, s: Session, phone: string): Promise<number> {
  const lead = await ctx.services.clue.write.add(
    s,
    { phone },
    { importWay: DIAL_PAD_IMPORT_WAY, receiveType: DIAL_PAD_RECEIVE_TYPE, keepCreator: true },
  );
  return lead.id;
}

/** ImportWay 13 拨号盘 and ReceiveType 3 拨号盘线索 (core enums). */
const DIAL_PAD_IMPORT_WAY = 13;
const DIAL_PAD_RECEIVE_TYPE = 3;

/** getNumberByClueIdNew: the checks before a call and the number masked; the real number stays on the server. */
export async function numberByClue(
  ctx: AppContext,
  s: Session,
  { clueId, taskId }: Body<'numberByClue'>,
): Promise<Answer<'numberByClue'>> {
  const { phone } = await leadNumber(ctx, s, clueId, taskId);
  const [check, mask] = await Promise.all([dialCheck(ctx, s, phone), maskerFor(ctx, s)]);
  return { ...check, clueId, phone: mask(phone) };
}

/** The checks before dialling a number and the organisation's 拨打前提示 (the dial pad's electricSalesGuard/checkNumber). */
export async function dialCheck(ctx: AppContext, s: Session, phone: string) {
  const [check, beforeCall] = await Promise.all([
    checkBeforeDial(ctx, s, phone),
    getOrgSetting(ctx.db, s.orgId, 'beforeCall'),
  ]);
  return { ...check, beforeCallTip: beforeCall.status === 1 && beforeCall.tip ? beforeCall.tip : null };
}

/**
 * /call/v1/callOut. The record is written first (status 1 未拨打) under a lock on the number, so that two seats
 * clicking at once cannot both pass anti-collision; then the provider is asked to originate. A refused originate
 * ends the record (呼叫失败) and answers the reason.
 */
export async function callOut(ctx: AppContext, s: Session, b: Body<'callOut'>): Promise<Answer<'callOut'>> {
  const tel = ctx.services.telephony;
  // read at once; a refusal is reported in this order: no line, no seat, the lead
  const [configured, bound, lead] = await Promise.allSettled([
    tel.provider(s.orgId),
    seatOfUser(ctx.db, s.orgId, s.userId),
    b.clueId ? leadNumber(ctx, s, b.clueId, b.taskId) : dialPadNumber(ctx, s, b.phone ?? ''),
  ]);
  if (configured.status === 'rejected') throw configured.reason;
  const { provider, settings } = configured.value;
  if (bound.status === 'rejected') throw bound.reason;
  const seat = bound.value;
  if (!seat) throw badRequest('您还没有绑定坐席，请联系管理员在坐席管理中绑定');
  if (lead.status === 'rejected') throw lead.reason;
  const { phone, taskLead } = lead.value;
  let clueId = lead.value.clueId;
  const { line, displayNumber } = await dialRoute(ctx.db, s, seat);
  if (!line) throw badRequest(NO_LINE);
  const callId = randomUUID();
  // the checks read outside the lock first (in parallel); under the lock only what another seat may change
  const first = await checkBeforeDial(ctx, s, phone);
  if (!first.allowed) throw conflict(first.reason ?? '该号码不能拨打');
  if (first.warning && !b.confirmRisk) throw new AppError(ResultCode.CONFLICT, first.warning, 409, { risk: true });
  // read before the call's transaction (PGlite has one connection): the lead exists once the number may be dialled
  clueId ??= await dialCreatedLead(ctx, s, phone);
  const row = await ctx.db.transaction(async (tx) => {
    // one dial decision per number at a time (anti-collision across seats and processes)
    await tx.execute(sql`select pg_advisory_xact_lock(727213, hashtext(${`${s.orgId}:${phone}`}))`);
    const check = await checkBeforeDial(ctx, s, phone, tx);
    if (!check.allowed) throw conflict(check.reason ?? '该号码不能拨打');
    if (check.warning && !b.confirmRisk) throw new AppError(ResultCode.CONFLICT, check.warning, 409, { risk: true });
    const [inserted] = await tx
      .insert(callRecord)
      .values({
        organizationId: s.orgId,
        callId,
        provider: settings.provider,
        userId: s.userId,
        seatId: seat.id,
        seatNo: seat.seatNo,
        lineId: line.id,
        clueId,
        taskId: b.taskId ?? null,
        taskLeadId: taskLead?.id ?? null,
        phone,
        displayNumber,
      })
      .returning();
    if (taskLead)
      await tx
        .update(callTaskLead)
        .set({
          assignedUserId: s.userId,
          callStatus: 102,
          attempts: sql`${callTaskLead.attempts} + 1`,
          lastCallId: callId,
          lastCallAt: new Date(),
        })
        .where(eq(callTaskLead.id, taskLead.id));
    return inserted;
  });
  await pushStatus(ctx, row);
  let current: CallRow = row;
  try {
    const { providerCallId } = await provider.originate({
      callId,
      seatNo: seat.seatNo,
      phone,
      displayNumber,
      gateway: line.gateway,
    });
    current =
      (await applyEvent(ctx.db, { callId, eventKey: 'originate', type: 'dialing', at: new Date(), providerCallId })) ??
      current;
    await pushStatus(ctx, current);
  } catch (e) {
    const message = (e as Error).message;
    ctx.app.log.warn(`telephony: originate to ${logPhone(phone)} failed: ${message}`);
    const failed = await tel.handleEvent({
      callId,
      eventKey: 'originate-failed',
      type: 'ended',
      at: new Date(),
      reason: 'failed',
      error: message.slice(0, 300),
    });
    if (failed) current = failed;
    throw new AppError(ResultCode.UNAVAILABLE, `呼叫失败：${message}`, 503);
  }
  const [view] = await callViews(ctx, s, [current]);
  return view;
}

/** A call record the session may see (its own, or within its data scope). */
async function findCall(ctx: AppContext, s: Session, callId: string): Promise<CallRow> {
  const [row] = await ctx.db
    .select()
    .from(callRecord)
    .where(and(scoped(s, callRecord, { owner: callRecord.userId }), eq(callRecord.callId, callId)))
    .limit(1);
  if (!row) throw notFound('通话记录不存在');
  return row;
}

export async function callDetail(ctx: AppContext, s: Session, callId: string) {
  const [view] = await callViews(ctx, s, [await findCall(ctx, s, callId)]);
  return view;
}

export async function hangup(ctx: AppContext, s: Session, callId: string) {
  const row = await findCall(ctx, s, callId);
  if (row.userId !== s.userId) throw notFound('通话记录不存在');
  if (row.phase < PHASE.ended) {
    const { provider } = await ctx.services.telephony.provider(s.orgId);
    await provider.hangup(row.callId, row.providerCallId);
  }
  return callDetail(ctx, s, callId);
}

function callWhere(s: Session, f: Body<'callExport'>) {
  return and(
    scoped(s, callRecord, { owner: callRecord.userId }),
    f.clueId ? eq(callRecord.clueId, f.clueId) : undefined,
    f.taskId ? eq(callRecord.taskId, f.taskId) : undefined,
    f.userId ? eq(callRecord.userId, f.userId) : undefined,
    f.status ? eq(callRecord.status, f.status) : undefined,
    f.startTime ? gte(callRecord.createdAt, f.startTime) : undefined,
    f.endTime ? lte(callRecord.createdAt, f.endTime) : undefined,
  )!;
}

export async function listCalls(ctx: AppContext, s: Session, f: Body<'callList'>) {
  const where = callWhere(s, f);
  const { rows, total } = await pageRows(
    ctx.db,
    callRecord,
    where,
    [desc(callRecord.createdAt), desc(callRecord.id)],
    f,
  );
  return page(await callViews(ctx, s, rows), total, f);
}

/** The follow-up written after a call: the lead's follow-up record, linked to the call. */
export async function followCall(ctx: AppContext, s: Session, b: Body<'callFollow'>) {
  const row = await findCall(ctx, s, b.callId);
  if (row.userId !== s.userId) throw notFound('通话记录不存在');
  if (!row.clueId) throw badRequest('该通话没有关联客户');
  // a task's call may be to a lead the seat does not own (a pool package's, a colleague's): the task grants it
  const as = row.taskId ? { ...s, ...unscoped(s.orgId, 'a call task grants its seats its leads') } : s;
  const follow = await ctx.services.clue.interactions.addFollow(as, {
    clueId: row.clueId,
    content: b.content,
    followStatusId: b.followStatusId ?? null,
    nextFollowTime: b.nextFollowTime ?? null,
  });
  await ctx.db.update(callRecord).set({ followId: follow.id }).where(eq(callRecord.id, row.id));
  return callDetail(ctx, s, b.callId);
}

/** The largest export: a month of a big team's calls. */
const EXPORT_LIMIT = 100_000;

/** The call records as a spreadsheet, newest first, numbers masked as in the list (billing reads lineId and talk time). */
export function exportCalls(ctx: AppContext, s: Session, f: Body<'callExport'>) {
  return async (x: XlsxExport) => {
    const sheet = x.sheet('通话记录', [
      { header: '拨打时间', width: 20 },
      { header: '客户', width: 16 },
      { header: '号码', width: 16 },
      { header: '坐席', width: 12 },
      { header: '坐席号', width: 10 },
      { header: '线路', width: 8 },
      { header: '外显号码', width: 16 },
      { header: '状态', width: 10 },
      { header: '结束原因', width: 12 },
      { header: '接通时间', width: 20 },
      { header: '挂断时间', width: 20 },
      { header: '总时长（秒）', width: 12 },
      { header: '通话时长（秒）', width: 14 },
      { header: '通话 ID', width: 38 },
    ]);
    const where = callWhere(s, f);
    let lastId: number | null = null;
    for (let done = 0; done < EXPORT_LIMIT; ) {
      const rows = await ctx.db
        .select()
        .from(callRecord)
        .where(and(where, lastId === null ? undefined : lt(callRecord.id, lastId)))
        .orderBy(desc(callRecord.id))
        .limit(1000);
      if (!rows.length) break;
      for (const v of await callViews(ctx, s, rows))
        sheet.add([
          v.createdAt,
          v.clueName,
          v.phone,
          v.userName,
          v.seatNo,
          v.lineId,
          v.displayNumber,
          v.statusName,
          v.endReasonName,
          v.answeredAt,
          v.endedAt,
          v.durationSeconds,
          v.billableSeconds,
          v.callId,
        ]);
      lastId = rows[rows.length - 1].id;
      done += rows.length;
    }
  };
}
