import { randomBytes } from 'node:crypto';
import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { page, pageRows } from '../../platform/paging';
import { findScoped, scoped, unscoped } from '../../platform/scope';
import { sealSecret } from '../../platform/secrets';
import type { Session } from '../../platform/session';
import { likePattern } from '../../platform/validation';
import type { XlsxExport } from '../../platform/xlsxExport';
import { orgUser, orgUsersByIds } from '../org';
import { callLine, callSeat, callSeatTransfer } from './schema';

type Calls = typeof contract.telephony;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type SeatRow = typeof callSeat.$inferSelect;

/** Seats (坐席): the pool of purchased agents, binding to users, transfers with their record, displayed numbers. */

/** A new SIP password, sealed at rest (platform/secrets.ts); opened only when served to the seat's softphone. */
const newSipPassword = () => sealSecret(randomBytes(12).toString('base64url'));

/** The seat bound to a user (the one they call with), or undefined. */
export async function seatOfUser(db: DbOrTx, orgId: number, userId: number): Promise<SeatRow | undefined> {
  const [row] = await db
    .select()
    .from(callSeat)
    .where(
      and(
        scoped(unscoped(orgId, "any user's seat, for the system paths of a call"), callSeat),
        eq(callSeat.userId, userId),
      ),
    )
    .limit(1);
  return row;
}

async function seatViews(ctx: AppContext, orgId: number, rows: SeatRow[]): Promise<Answer<'seatBind'>[]> {
  const users = await orgUsersByIds(
    ctx.db,
    orgId,
    rows.flatMap((r) => (r.userId ? [r.userId] : [])),
  );
  const lines = await ctx.db
    .select({ id: callLine.id, name: callLine.name })
    .from(callLine)
    .where(eq(callLine.organizationId, orgId));
  const lineName = new Map(lines.map((l) => [l.id, l.name]));
  const names = await orgUsersByIds(ctx.db, orgId, [...users.keys()]);
  return rows.map((r) => {
    const u = r.userId ? users.get(r.userId) : undefined;
    return {
      id: r.id,
      seatNo: r.seatNo,
      userId: r.userId,
      realName: u?.realName ?? null,
      username: r.userId ? (names.get(r.userId)?.username ?? null) : null,
      deptName: u?.deptName ?? null,
      lineId: r.lineId,
      lineName: r.lineId ? (lineName.get(r.lineId) ?? null) : null,
      displayNumber: r.displayNumber,
      bindStatus: r.userId ? 1 : 2,
      boundAt: formatDateTime(r.boundAt),
      expireAt: formatDateTime(r.expireAt),
      createdAt: formatDateTime(r.createdAt),
    };
  });
}

function seatWhere(s: Session, f: { keyword?: string; bindStatus?: number }, pool: boolean): SQL {
  return and(
    scoped(s, callSeat),
    pool ? undefined : isNotNull(callSeat.userId),
    f.bindStatus === 1 ? isNotNull(callSeat.userId) : f.bindStatus === 2 ? isNull(callSeat.userId) : undefined,
    f.keyword
      ? or(ilike(callSeat.seatNo, likePattern(f.keyword)), ilike(callSeat.displayNumber, likePattern(f.keyword)))
      : undefined,
  )!;
}

/** /callGroupUserV2/list: the seats bound to users; /aAgentsPool/list: every purchased seat. */
export async function listSeats(ctx: AppContext, s: Session, f: Body<'seatList'>, pool = false) {
  const { rows, total } = await pageRows(ctx.db, callSeat, seatWhere(s, f, pool), [asc(callSeat.seatNo)], f);
  return page(await seatViews(ctx, s.orgId, rows), total, f);
}

export function exportSeats(ctx: AppContext, s: Session, f: Body<'seatExport'>) {
  return async (x: XlsxExport) => {
    const sheet = x.sheet('坐席', ['坐席号', '员工', '账号', '部门', '线路', '外显号码', '绑定状态', '绑定时间']);
    const rows = await ctx.db
      .select()
      .from(callSeat)
      .where(seatWhere(s, f, true))
      .orderBy(asc(callSeat.seatNo));
    for (const v of await seatViews(ctx, s.orgId, rows))
      sheet.add([
        v.seatNo,
        v.realName,
        v.username,
        v.deptName,
        v.lineName,
        v.displayNumber,
        v.bindStatus === 1 ? '已绑定' : '未绑定',
        v.boundAt,
      ]);
  };
}

async function findSeat(db: DbOrTx, s: Session, id: number) {
  return findScoped(db, s, callSeat, id, { missing: '坐席不存在' });
}

async function checkUser(ctx: AppContext, s: Session, userId: number) {
  const u = await orgUser(ctx.db, s.orgId, userId);
  if (!u) throw notFound('员工不存在');
  if (u.status !== 1) throw badRequest('该员工已停用，不能绑定坐席');
  if (await seatOfUser(ctx.db, s.orgId, userId)) throw conflict(`「${u.realName}」已绑定坐席，请先解绑`);
  return u;
}

async function oneView(ctx: AppContext, s: Session, id: number) {
  const [v] = await seatViews(ctx, s.orgId, [await findSeat(ctx.db, s, id)]);
  return v;
}

export async function bindSeat(ctx: AppContext, s: Session, b: Body<'seatBind'>) {
  const seat = await findSeat(ctx.db, s, b.seatId);
  if (seat.userId) throw conflict(`坐席 ${seat.seatNo} 已绑定员工，请使用转移`);
  await checkUser(ctx, s, b.userId);
  await ctx.db.transaction(async (tx) => {
    await tx.update(callSeat).set({ userId: b.userId, boundAt: new Date() }).where(eq(callSeat.id, seat.id));
    await tx.insert(callSeatTransfer).values({
      organizationId: s.orgId,
      seatId: seat.id,
      seatNo: seat.seatNo,
      fromUserId: null,
      toUserId: b.userId,
      operatorId: s.userId,
      reason: '绑定',
    });
  });
  return oneView(ctx, s, seat.id);
}

export async function unbindSeat(ctx: AppContext, s: Session, seatId: number) {
  const seat = await findSeat(ctx.db, s, seatId);
  if (!seat.userId) throw badRequest(`坐席 ${seat.seatNo} 未绑定员工`);
  await ctx.db.transaction(async (tx) => {
    // a new SIP password: the former user's softphone can no longer register with this seat
    await tx
      .update(callSeat)
      .set({ userId: null, boundAt: null, sipPassword: newSipPassword() })
      .where(eq(callSeat.id, seat.id));
    await tx.insert(callSeatTransfer).values({
      organizationId: s.orgId,
      seatId: seat.id,
      seatNo: seat.seatNo,
      fromUserId: seat.userId,
      toUserId: null,
      operatorId: s.userId,
      reason: '解绑',
    });
  });
  return oneView(ctx, s, seat.id);
}

export async function transferSeat(ctx: AppContext, s: Session, b: Body<'seatTransfer'>) {
  const seat = await findSeat(ctx.db, s, b.seatId);
  if (seat.userId === b.toUserId) throw badRequest('接收员工与当前员工相同');
  await checkUser(ctx, s, b.toUserId);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(callSeat)
      .set({ userId: b.toUserId, boundAt: new Date(), sipPassword: newSipPassword() })
      .where(eq(callSeat.id, seat.id));
    await tx.insert(callSeatTransfer).values({
      organizationId: s.orgId,
      seatId: seat.id,
      seatNo: seat.seatNo,
      fromUserId: seat.userId,
      toUserId: b.toUserId,
      operatorId: s.userId,
      reason: b.reason ?? '转移',
    });
  });
  return oneView(ctx, s, seat.id);
}

export async function deleteSeat(ctx: AppContext, s: Session, seatId: number) {
  const seat = await findSeat(ctx.db, s, seatId);
  if (seat.userId) throw conflict(`坐席 ${seat.seatNo} 仍绑定员工，请先解绑`);
  await ctx.db.update(callSeat).set({ deletedAt: new Date() }).where(eq(callSeat.id, seat.id));
  return { id: seat.id };
}

export async function setShowNumber(ctx: AppContext, s: Session, b: Body<'seatShowNumber'>) {
  const seat = await findSeat(ctx.db, s, b.seatId);
  if (b.displayNumber) await checkLineNumber(ctx.db, s.orgId, seat.lineId, b.displayNumber);
  await ctx.db.update(callSeat).set({ displayNumber: b.displayNumber }).where(eq(callSeat.id, seat.id));
  return oneView(ctx, s, seat.id);
}

/** A displayed number must be one of the organisation's lines' numbers (of the seat's line when it has one). */
export async function checkLineNumber(db: DbOrTx, orgId: number, lineId: number | null, number: string) {
  const lines = await db
    .select({ id: callLine.id, numbers: callLine.numbers })
    .from(callLine)
    .where(
      and(eq(callLine.organizationId, orgId), isNull(callLine.deletedAt), lineId ? eq(callLine.id, lineId) : undefined),
    );
  if (!lines.some((l) => l.numbers.includes(number))) throw badRequest('displayNumber：外显号码不是本机构线路的号码');
}

export async function addPoolSeats(ctx: AppContext, s: Session, b: Body<'poolAdd'>) {
  if (b.lineId) await findScoped(ctx.db, s, callLine, b.lineId, { missing: '线路不存在' });
  const unique = [...new Set(b.seatNos)];
  const rows = await ctx.db
    .insert(callSeat)
    .values(
      unique.map((seatNo) => ({
        organizationId: s.orgId,
        seatNo,
        lineId: b.lineId ?? null,
        sipPassword: newSipPassword(),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: callSeat.id });
  return { count: rows.length };
}

/** /aAgentsPool/assign: the first free seat of the pool goes to the user. */
export async function assignFromPool(ctx: AppContext, s: Session, userId: number) {
  const [free] = await ctx.db
    .select({ id: callSeat.id })
    .from(callSeat)
    .where(and(scoped(s, callSeat), isNull(callSeat.userId)))
    .orderBy(asc(callSeat.seatNo))
    .limit(1);
  if (!free) throw badRequest('坐席池中没有空闲坐席，请先购入坐席');
  return bindSeat(ctx, s, { seatId: free.id, userId });
}

export async function listTransfers(ctx: AppContext, s: Session, f: Body<'seatTransferList'>) {
  const where = and(scoped(s, callSeatTransfer), f.seatId ? eq(callSeatTransfer.seatId, f.seatId) : undefined)!;
  const { rows, total } = await pageRows(
    ctx.db,
    callSeatTransfer,
    where,
    [desc(callSeatTransfer.createdAt), desc(callSeatTransfer.id)],
    f,
  );
  const users = await orgUsersByIds(
    ctx.db,
    s.orgId,
    rows.flatMap((r) => [r.fromUserId, r.toUserId, r.operatorId].filter((x): x is number => x !== null)),
  );
  const name = (id: number | null) => (id ? (users.get(id)?.realName ?? null) : null);
  return page(
    rows.map((r) => ({
      id: r.id,
      seatId: r.seatId,
      seatNo: r.seatNo,
      fromUserName: name(r.fromUserId),
      toUserName: name(r.toUserId),
      operatorName: name(r.operatorId),
      reason: r.reason,
      createdAt: formatDateTime(r.createdAt),
    })),
    total,
    f,
  );
}
