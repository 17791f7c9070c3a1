import { durationRange, formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { PassedName } from '@crm/core/contract/qualityCheck';
import { and, asc, count, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { offsetOf, type PageRequest, page } from '../../platform/paging';
import { anyOf, dataScope, type Scope } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { deptSubtree, orgUsersByIds } from '../org';
import { hms } from '../recording';
import { qualityCheck } from './schema';

/**
 * The AI quality list (/aiCallCheck/callCheckPage): the calls' machine scores per call, or per seat (owner) as
 * aggregates; its header figures, the second level under a seat row, and the rows the export writes. Every query
 * is the session's organisation and the role's data scope on the call's owner.
 */

type Calls = typeof contract.qualityCheck;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
export type CheckFilter = Omit<CallBody<Calls['callCheckPageHead']>, 'mode'>;
type CallRow = Answer<'callCheckPageSecond'>['lists'][number];

const t = qualityCheck;
const callOrder = [sql`${t.callTime} desc nulls last`, desc(t.id)];

export async function checkWhere(db: DbOrTx, s: Scope, f: CheckFilter): Promise<SQL> {
  const c: (SQL | undefined)[] = [eq(t.organizationId, s.orgId), dataScope(s, t.ownerUserId)];
  if (f.scoreMin !== undefined) c.push(gte(t.score, f.scoreMin));
  if (f.scoreMax !== undefined) c.push(lte(t.score, f.scoreMax));
  if (f.passed) c.push(eq(t.passed, f.passed === 1));
  if (f.violationRule) c.push(sql`${t.violationRules} @> ${sql.param([f.violationRule])}::text[]`);
  if (f.sopItemId) c.push(sql`${t.missedItemIds} @> ${sql.param([f.sopItemId])}::int[]`);
  if (f.ownerUserIds?.length) c.push(anyOf(t.ownerUserId, f.ownerUserIds));
  if (f.deptId) c.push(anyOf(t.deptId, await deptSubtree(db, s.orgId, f.deptId)));
  if (f.startTime) c.push(gte(t.callTime, f.startTime));
  if (f.endTime) c.push(lte(t.callTime, f.endTime));
  if (f.durationMin != null && f.durationMax != null && f.durationMin > f.durationMax)
    throw badRequest('最短时长不能大于最长时长');
  const { min, max } = f.durationLevel
    ? durationRange({ option: 1, level: f.durationLevel })
    : durationRange({ option: 2, min: f.durationMin, max: f.durationMax });
  // whole seconds, both ends inclusive as the spec lists the levels (0-10, 11-30, …)
  if (min != null && min > 0) c.push(gte(t.durationMs, min * 1000));
  if (max != null) c.push(lt(t.durationMs, (max + 1) * 1000));
  return and(...c)!;
}

type Found = typeof qualityCheck.$inferSelect;

export async function presentCalls(db: DbOrTx, orgId: number, rows: Found[]): Promise<CallRow[]> {
  const owners = await orgUsersByIds(
    db,
    orgId,
    rows.flatMap((r) => (r.ownerUserId ? [r.ownerUserId] : [])),
  );
  return rows.map((r) => {
    const owner = r.ownerUserId ? owners.get(r.ownerUserId) : undefined;
    return {
      recordingId: r.recordingId,
      ownerUserId: r.ownerUserId,
      ownerName: owner?.realName ?? null,
      deptId: r.deptId,
      deptName: owner?.deptId === r.deptId ? (owner?.deptName ?? null) : null,
      callTime: formatDateTime(r.callTime),
      durationMs: r.durationMs,
      durationText: hms(Math.round(r.durationMs / 1000)),
      score: r.score,
      passLine: r.passLine,
      passed: r.passed,
      passedName: PassedName[r.passed ? 1 : 2],
      fatal: r.fatal,
      violationCount: r.violationCount,
      violationRules: r.violationRules,
      sopCoverage: r.sopCoverage,
      missedItemCount: r.missedItemIds.length,
      deductions: r.deductions,
      scorecardName: r.scorecardName,
      checkedAt: formatDateTime(r.checkedAt),
    };
  });
}

async function callPage(ctx: AppContext, s: Session, where: SQL, p: PageRequest) {
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(t)
      .where(where)
      .orderBy(...callOrder)
      .limit(p.pageSize)
      .offset(offsetOf(p)),
    ctx.db.select({ total: count() }).from(t).where(where),
  ]);
  return page(await presentCalls(ctx.db, s.orgId, rows), total, p);
}

const seatFigures = {
  calls: count(),
  averageScore: sql<number>`coalesce(round(avg(${t.score})::numeric, 1), 0)::float8`,
  passed: sql<number>`count(*) filter (where ${t.passed})::int`,
  violations: sql<number>`coalesce(sum(${t.violationCount}), 0)::int`,
};
const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10000) / 10000 : 0);

async function seatPage(ctx: AppContext, s: Session, where: SQL, p: PageRequest) {
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ ownerUserId: t.ownerUserId, ...seatFigures })
      .from(t)
      .where(where)
      .groupBy(t.ownerUserId)
      .orderBy(asc(sql`avg(${t.score})`), asc(t.ownerUserId))
      .limit(p.pageSize)
      .offset(offsetOf(p)),
    ctx.db
      .select({ total: sql<number>`count(distinct ${t.ownerUserId})::int` })
      .from(t)
      .where(where),
  ]);
  const owners = await orgUsersByIds(
    ctx.db,
    s.orgId,
    rows.flatMap((r) => (r.ownerUserId ? [r.ownerUserId] : [])),
  );
  return page(
    rows.map((r) => {
      const owner = r.ownerUserId ? owners.get(r.ownerUserId) : undefined;
      return {
        ownerUserId: r.ownerUserId,
        ownerName: owner?.realName ?? null,
        deptName: owner?.deptName ?? null,
        calls: r.calls,
        averageScore: Number(r.averageScore),
        passed: r.passed,
        passRate: rate(r.passed, r.calls),
        violations: r.violations,
      };
    }),
    total,
    p,
  );
}

export async function checkPage(
  ctx: AppContext,
  s: Session,
  q: CallBody<Calls['callCheckPage']>,
): Promise<Answer<'callCheckPage'>> {
  const where = await checkWhere(ctx.db, s, q);
  return q.mode === 'seat' ? seatPage(ctx, s, where, q) : callPage(ctx, s, where, q);
}

/** The calls of one seat, with the list's filters. */
export async function checkPageSecond(
  ctx: AppContext,
  s: Session,
  q: CallBody<Calls['callCheckPageSecond']>,
): Promise<Answer<'callCheckPageSecond'>> {
  const where = await checkWhere(ctx.db, s, { ...q, ownerUserIds: [q.ownerUserId] });
  return callPage(ctx, s, where, q);
}

export async function checkHead(
  ctx: AppContext,
  s: Session,
  f: CallBody<Calls['callCheckPageHead']>,
): Promise<Answer<'callCheckPageHead'>> {
  const [r] = await ctx.db
    .select(seatFigures)
    .from(t)
    .where(await checkWhere(ctx.db, s, f));
  return {
    calls: r.calls,
    violations: r.violations,
    averageScore: Number(r.averageScore),
    passRate: rate(r.passed, r.calls),
  };
}

/** The rows of an export, page by page on the call order (keyset would need a cursor; pages are short). */
export async function* checkRowsFor(ctx: AppContext, s: Scope, f: CheckFilter, batch: number) {
  const where = await checkWhere(ctx.db, s, f);
  for (let offset = 0; ; offset += batch) {
    const rows = await ctx.db
      .select()
      .from(t)
      .where(where)
      .orderBy(...callOrder)
      .limit(batch)
      .offset(offset);
    if (!rows.length) return;
    yield await presentCalls(ctx.db, s.orgId, rows);
    if (rows.length < batch) return;
  }
}

export async function countChecks(ctx: AppContext, s: Scope, f: CheckFilter): Promise<number> {
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(t)
    .where(await checkWhere(ctx.db, s, f));
  return n;
}
