import { formatDateTime, normalizePhone } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { NumberKindName, RiskTypeName } from '@crm/core/contract/telephony';
import { and, desc, eq, gte, inArray, like, lt, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { page, pageRows } from '../../platform/paging';
import { scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { getOrgSetting, orgUser, orgUsersByIds } from '../org';
import { PHASE } from './lifecycle';
import { callGuard, callNumberList, callRecord } from './schema';
import { maskerFor } from './views';

type Calls = typeof contract.telephony;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;

/**
 * What is checked before a number is dialled: 电销卫士 (blocked numbers, calls per day and per week to one number),
 * anti-collision (防撞单: another seat is calling the number, or called it within the protection period), the
 * seat's daily talk time, and the risk list (a warning the seat confirms).
 */

const DEFAULT_GUARD = { status: 2, dailyLimit: 3, weeklyLimit: 10 };

export async function guardConfig(db: DbOrTx, orgId: number): Promise<Answer<'guard'>> {
  const [row] = await db.select().from(callGuard).where(eq(callGuard.organizationId, orgId)).limit(1);
  return row ? { status: row.status, dailyLimit: row.dailyLimit, weeklyLimit: row.weeklyLimit } : DEFAULT_GUARD;
}

export async function saveGuard(ctx: AppContext, s: Session, b: Body<'saveGuard'>) {
  await ctx.db
    .insert(callGuard)
    .values({ organizationId: s.orgId, ...b })
    .onConflictDoUpdate({ target: callGuard.organizationId, set: b });
  return guardConfig(ctx.db, s.orgId);
}

/** Start of today and of the last 7 days, Beijing time. */
function windows(now = new Date()) {
  const day = new Date(Math.floor((now.getTime() + 8 * 3600_000) / 86_400_000) * 86_400_000 - 8 * 3600_000);
  return { day, week: new Date(day.getTime() - 6 * 86_400_000) };
}

/** Calls to a number today and in the last 7 days (the organisation's, cancelled ones too: they rang). */
async function callCounts(db: DbOrTx, orgId: number, phone: string) {
  const { day, week } = windows();
  const [r] = await db
    .select({
      today: sql<number>`count(*) filter (where ${callRecord.createdAt} >= ${day.toISOString()}::timestamptz)::int`,
      week: sql<number>`count(*)::int`,
    })
    .from(callRecord)
    .where(and(eq(callRecord.organizationId, orgId), eq(callRecord.phone, phone), gte(callRecord.createdAt, week)));
  return { today: Number(r?.today ?? 0), week: Number(r?.week ?? 0) };
}

export interface DialCheck {
  allowed: boolean;
  reason: string | null;
  warning: string | null;
  callsToday: number;
  callsThisWeek: number;
}

/**
 * Every check before a call to `phone` by the session's user (the number is the real one, never answered). With
 * `locked` (the dialling transaction, holding the number's lock) only what another seat's call may have changed is
 * read again: the calls to the number and anti-collision.
 */
export async function checkBeforeDial(ctx: AppContext, s: Session, phone: string, locked?: DbOrTx): Promise<DialCheck> {
  const db = locked ?? ctx.db;
  const number = normalizePhone(phone) || phone;
  const [guard, listed, counts, collision, seatLimit] = await Promise.all([
    guardConfig(db, s.orgId),
    locked
      ? []
      : ctx.db
          .select()
          .from(callNumberList)
          .where(and(eq(callNumberList.organizationId, s.orgId), eq(callNumberList.phone, number))),
    callCounts(db, s.orgId, number),
    antiCollision(db, s, number),
    locked ? null : seatDurationLeft(ctx, s),
  ]);
  const base = { callsToday: counts.today, callsThisWeek: counts.week, warning: null as string | null };
  const blocked = listed.find((l) => l.kind === 2);
  if (blocked)
    return {
      ...base,
      allowed: false,
      reason: `电销卫士：该号码已禁呼${blocked.reason ? `（${blocked.reason}）` : ''}`,
    };
  if (guard.status === 1 && guard.dailyLimit > 0 && counts.today >= guard.dailyLimit)
    return {
      ...base,
      allowed: false,
      reason: `电销卫士：该号码今日已呼叫 ${counts.today} 次，达到每日上限 ${guard.dailyLimit} 次`,
    };
  if (guard.status === 1 && guard.weeklyLimit > 0 && counts.week >= guard.weeklyLimit)
    return {
      ...base,
      allowed: false,
      reason: `电销卫士：该号码近 7 天已呼叫 ${counts.week} 次，达到每周上限 ${guard.weeklyLimit} 次`,
    };
  if (collision) return { ...base, allowed: false, reason: collision };
  if (seatLimit) return { ...base, allowed: false, reason: seatLimit };
  const risk = listed.find((l) => l.kind === 1);
  const warning = risk
    ? `风险号码：${RiskTypeName[risk.riskType as keyof typeof RiskTypeName] ?? '风险'}${risk.reason ? `（${risk.reason}）` : ''}，请谨慎拨打`
    : null;
  return { ...base, allowed: true, reason: null, warning };
}

/**
 * 防撞单: refused when another seat's call to the number is under way, or (protection days > 0) another seat called
 * it within the period; scope 2 limits the rule to seats of the caller's department. Names who is calling.
 */
async function antiCollision(db: DbOrTx, s: Session, phone: string): Promise<string | null> {
  const setting = await getOrgSetting(db, s.orgId, 'antiCollision');
  if (setting.status !== 1) return null;
  const since =
    setting.protectDays > 0 ? new Date(Date.now() - setting.protectDays * 86_400_000) : new Date(Date.now() - 3600_000);
  const rows = await db
    .select({ userId: callRecord.userId, phase: callRecord.phase, createdAt: callRecord.createdAt })
    .from(callRecord)
    .where(
      and(
        eq(callRecord.organizationId, s.orgId),
        eq(callRecord.phone, phone),
        ne(callRecord.userId, s.userId),
        gte(callRecord.createdAt, since),
        setting.protectDays > 0 ? undefined : lt(callRecord.phase, PHASE.ended),
      ),
    )
    .orderBy(desc(callRecord.createdAt))
    .limit(20);
  if (!rows.length) return null;
  const users = await orgUsersByIds(
    db,
    s.orgId,
    rows.map((r) => r.userId),
  );
  const me = await orgUser(db, s.orgId, s.userId);
  const relevant = rows.filter((r) => setting.scope !== 2 || users.get(r.userId)?.deptId === me?.deptId);
  const open = relevant.find((r) => r.phase < PHASE.ended);
  if (open) return `防撞单：「${users.get(open.userId)?.realName ?? '其他坐席'}」正在拨打该号码，请勿重复拨打`;
  const last = relevant[0];
  if (!last) return null;
  return `防撞单：「${users.get(last.userId)?.realName ?? '其他坐席'}」已于 ${formatDateTime(last.createdAt)} 拨打该号码，保护期 ${setting.protectDays} 天内不能拨打`;
}

/** 坐席时长: the seat's talk time today against the daily limit. */
async function seatDurationLeft(ctx: AppContext, s: Session): Promise<string | null> {
  const setting = await getOrgSetting(ctx.db, s.orgId, 'seatDuration');
  if (setting.status !== 1) return null;
  const [r] = await ctx.db
    .select({ seconds: sql<number>`coalesce(sum(${callRecord.billableSeconds}), 0)::int` })
    .from(callRecord)
    .where(
      and(
        eq(callRecord.organizationId, s.orgId),
        eq(callRecord.userId, s.userId),
        gte(callRecord.createdAt, windows().day),
      ),
    );
  const used = Number(r?.seconds ?? 0);
  return used >= setting.dailyLimitMinutes * 60 ? `坐席时长：今日通话已达上限 ${setting.dailyLimitMinutes} 分钟` : null;
}

// ---------- the number lists ----------

export async function listNumbers(ctx: AppContext, s: Session, f: Body<'riskList'>) {
  const digits = f.keyword?.replace(/\D/g, '');
  const where = and(
    scoped(s, callNumberList),
    f.kind ? eq(callNumberList.kind, f.kind) : undefined,
    digits ? like(callNumberList.phone, `%${digits}%`) : undefined,
  )!;
  const { rows, total } = await pageRows(ctx.db, callNumberList, where, [desc(callNumberList.id)], f);
  const [mask, users] = await Promise.all([
    maskerFor(ctx, s),
    orgUsersByIds(
      ctx.db,
      s.orgId,
      rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])),
    ),
  ]);
  return page(
    rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      kindName: NumberKindName[r.kind as keyof typeof NumberKindName] ?? '',
      phone: mask(r.phone),
      riskType: r.riskType,
      riskTypeName: RiskTypeName[r.riskType as keyof typeof RiskTypeName] ?? '',
      reason: r.reason,
      createdByName: r.createdBy ? (users.get(r.createdBy)?.realName ?? null) : null,
      createdAt: formatDateTime(r.createdAt),
    })),
    total,
    f,
  );
}

export async function addNumbers(ctx: AppContext, s: Session, b: Body<'riskAdd'>) {
  const phones = [...new Set(b.phones.map((p) => normalizePhone(p) || p))];
  const rows = await ctx.db
    .insert(callNumberList)
    .values(
      phones.map((phone) => ({
        organizationId: s.orgId,
        kind: b.kind,
        phone,
        riskType: b.riskType,
        reason: b.reason ?? null,
        createdBy: s.userId,
      })),
    )
    .onConflictDoUpdate({
      target: [callNumberList.organizationId, callNumberList.phone, callNumberList.kind],
      set: { riskType: b.riskType, reason: b.reason ?? null },
    })
    .returning({ id: callNumberList.id });
  return { count: rows.length };
}

export async function deleteNumbers(ctx: AppContext, s: Session, ids: number[]) {
  const rows = await ctx.db
    .delete(callNumberList)
    .where(and(scoped(s, callNumberList), inArray(callNumberList.id, ids)))
    .returning({ id: callNumberList.id });
  if (!rows.length) throw notFound('号码不存在');
  return { count: rows.length };
}

export async function riskOf(ctx: AppContext, s: Session, phone: string) {
  const [row] = await ctx.db
    .select()
    .from(callNumberList)
    .where(
      and(
        scoped(s, callNumberList),
        eq(callNumberList.phone, normalizePhone(phone) || phone),
        eq(callNumberList.kind, 1),
      ),
    )
    .limit(1);
  return {
    risk: Boolean(row),
    reason: row
      ? `${RiskTypeName[row.riskType as keyof typeof RiskTypeName] ?? ''}${row.reason ? `：${row.reason}` : ''}`
      : null,
  };
}
