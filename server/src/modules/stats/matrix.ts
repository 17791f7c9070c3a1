import { CustomerStage } from '@crm/core';
import type { StatsFilter } from '@crm/core/contract/stats';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { anyOf } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { LEAD_DIM } from '../clue';
import { dictRows } from '../clueField';
import { addDays } from './days';
import { freshnessOf, freshText, refreshLeads } from './rollup';
import { type Audience, audienceOf } from './scope';

export interface OwnerCount {
  ownerId: number;
  value: number;
  n: number;
}

/**
 * Leads by a dimension (follow-up status, stage, source) and owner: the leads created in the period that the users
 * own now, counted by their current value (from the lead snapshot, stats_lead_day). Rows by user or department.
 */

export type LeadDim = Exclude<keyof typeof LEAD_DIM, 'all'>;
export interface Head {
  id: number;
  name: string;
}
const UNSET: Head = { id: 0, name: '未设置' };

/** The columns of a dimension: the organisation's follow-up statuses or sources (then 未设置), or the 9 stages. */
export async function headsOf(db: Db, orgId: number, dim: LeadDim): Promise<Head[]> {
  if (dim === 'stage') return Object.entries(CustomerStage).map(([id, name]) => ({ id: Number(id), name }));
  const rows = await dictRows(db, orgId, dim === 'followStatus' ? 'followStatus' : 'channelSource');
  return [...rows.map((r) => ({ id: r.id, name: r.name })), UNSET];
}

/** The snapshot's freshness; built on the organisation's first statistics call. */
export async function leadFreshness(db: Db, orgId: number) {
  let fresh = await freshnessOf(db, orgId, 'leads');
  if (!fresh.refreshedAt) {
    await refreshLeads(db, orgId);
    fresh = await freshnessOf(db, orgId, 'leads');
  }
  return fresh;
}

/** The whole calendar months inside [start, end] (first days), and the days of the period outside them. */
export function monthSplit(start: string, end: string): { months: [string, string] | null; days: [string, string][] } {
  const firstFull = start.endsWith('-01') ? start : nextMonth(start);
  const afterLast = nextMonth(end) === addDays(end, 1) ? addDays(end, 1) : `${end.slice(0, 7)}-01`;
  if (firstFull >= afterLast) return { months: null, days: [[start, end]] };
  const days: [string, string][] = [];
  if (start < firstFull) days.push([start, addDays(firstFull, -1)]);
  if (afterLast <= end) days.push([afterLast, end]);
  return { months: [firstFull, `${addDays(afterLast, -1).slice(0, 7)}-01`], days };
}
const nextMonth = (day: string) => {
  const [y, m] = day.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/**
 * Counts per owner and value: whole months from the monthly rollup, the days around them from the daily one.
 * `userIds` null: every user of the organisation (no owner test).
 */
export async function leadCounts(
  db: Db,
  s: Session,
  f: StatsFilter,
  dim: keyof typeof LEAD_DIM,
  userIds: number[] | null,
) {
  if (userIds && !userIds.length) return [];
  const owners = userIds ? sql`and ${anyOf(sql`owner_id`, userIds)}` : sql``;
  const split = monthSplit(f.startDate, f.endDate);
  const parts = split.days.map(
    ([a, b]) => sql`select owner_id, value, n from stats_lead_day
      where organization_id = ${s.orgId} and dim = ${LEAD_DIM[dim]} and day between ${a} and ${b} ${owners}`,
  );
  if (split.months)
    parts.push(sql`select owner_id, value, n from stats_lead_month
      where organization_id = ${s.orgId} and dim = ${LEAD_DIM[dim]}
        and month between ${split.months[0]} and ${split.months[1]} ${owners}`);
  const res = await db.execute<{ owner_id: number; value: number; n: number }>(sql`
    select owner_id, value, sum(n)::int as n from (${sql.join(parts, sql` union all `)}) f group by 1, 2`);
  return res.rows.map((r) => ({ ownerId: Number(r.owner_id), value: Number(r.value), n: Number(r.n) }));
}

interface Row {
  id: number;
  name: string;
  deptName: string | null;
  counts: Record<string, number>;
  total: number;
}
const emptyRow = (id: number, name: string, deptName: string | null): Row => ({
  id,
  name,
  deptName,
  counts: {},
  total: 0,
});
const count = (row: Row, value: number, n: number) => {
  row.counts[value] = (row.counts[value] ?? 0) + n;
  row.total += n;
};

/** Counts per owner and value as matrix rows: one per user (or department) of the audience, those with none too. */
export function matrixRows(who: Audience, byDept: boolean, counts: OwnerCount[]) {
  const rows = new Map<number, Row>();
  const keyOf = (userId: number) => (byDept ? (who.users.get(userId)?.deptId ?? 0) : userId);
  for (const id of who.userIds) {
    const u = who.users.get(id)!;
    const key = keyOf(id);
    if (!rows.has(key))
      rows.set(key, byDept ? emptyRow(key, u.deptName ?? '未分配部门', null) : emptyRow(id, u.realName, u.deptName));
  }
  const sum = emptyRow(0, '合计', null);
  for (const c of counts) {
    const row = rows.get(keyOf(c.ownerId));
    if (!row) continue;
    count(row, c.value, c.n);
    count(sum, c.value, c.n);
  }
  return { rows: [...rows.values()], sum };
}

export async function leadMatrix(db: Db, s: Session, f: StatsFilter, dim: LeadDim, byDept: boolean) {
  const who = await audienceOf(db, s, f);
  const fresh = await leadFreshness(db, s.orgId);
  const heads = await headsOf(db, s.orgId, dim);
  const counts = await leadCounts(db, s, f, dim, who.everyone ? null : who.userIds);
  return { heads, ...matrixRows(who, byDept, counts), freshAt: freshText(fresh) };
}
