import { CustomerStage } from '@crm/core';
import type { StatsFilter } from '@crm/core/contract/stats';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { anyOf } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { LEAD_DIM } from '../clue';
import { daysOf } from './days';
import { headsOf, leadCounts, leadFreshness } from './matrix';
import { freshText } from './rollup';
import { audienceOf } from './scope';
import { workFigures } from './work';

/**
 * The overview of a period for the audience of a filter (data statistics, the sales overview): new leads, the work
 * figures (the same function as the staff and call screens), deals (the orders module's, in the snapshot), the daily
 * trend, and the new leads by stage and by source.
 */
export async function overview(db: Db, s: Session, f: StatsFilter) {
  const who = await audienceOf(db, s, f);
  const owners = who.everyone ? null : who.userIds;
  // the lead snapshot first (an organisation's first call builds it), then every figure at once
  const leadFresh = await leadFreshness(db, s.orgId);
  const [work, days, deals, stageCounts, sourceCounts, sourceHeads] = await Promise.all([
    workFigures(db, s, f, 'day'),
    newLeadsByDay(db, s, f, owners),
    dealsByDay(db, s, f, owners),
    leadCounts(db, s, f, 'stage', owners),
    leadCounts(db, s, f, 'source', owners),
    headsOf(db, s.orgId, 'source'),
  ]);
  const sumBy = (rows: { value: number; n: number }[]) => {
    const m = new Map<number, number>();
    for (const r of rows) m.set(r.value, (m.get(r.value) ?? 0) + r.n);
    return m;
  };
  const stages = sumBy(stageCounts);
  const sources = sumBy(sourceCounts);
  const workByDay = new Map(work.rows.map((r) => [r.name, r]));
  const trend = daysOf(f.startDate, f.endDate).map((day) => ({
    day,
    newLeads: days.get(day) ?? 0,
    calls: workByDay.get(day)?.calls ?? 0,
    answered: workByDay.get(day)?.answered ?? 0,
    orders: deals.get(day)?.orders ?? 0,
    orderFen: deals.get(day)?.totalFen ?? 0,
  }));
  const total = (k: 'orders' | 'totalFen' | 'paidFen') => [...deals.values()].reduce((a, d) => a + d[k], 0);
  return {
    newLeads: [...days.values()].reduce((a, n) => a + n, 0),
    work: work.sum,
    orders: total('orders'),
    orderFen: total('totalFen'),
    paidFen: total('paidFen'),
    trend,
    stages: Object.entries(CustomerStage).map(([id, name]) => ({
      id: Number(id),
      name,
      n: stages.get(Number(id)) ?? 0,
    })),
    sources: sourceHeads.map((h) => ({ id: h.id, name: h.name, n: sources.get(h.id) ?? 0 })),
    // the older of the two rollups behind the figures
    freshAt: [freshText(leadFresh), work.freshAt].filter((t): t is string => !!t).sort()[0] ?? null,
  };
}

async function newLeadsByDay(db: Db, s: Session, f: StatsFilter, owners: number[] | null) {
  if (owners && !owners.length) return new Map<string, number>();
  const res = await db.execute<{ day: string; n: number }>(sql`
    select day::text as day, sum(n)::int as n from stats_lead_day
    where organization_id = ${s.orgId} and dim = ${LEAD_DIM.all} and day between ${f.startDate} and ${f.endDate}
      ${owners ? sql`and ${anyOf(sql`owner_id`, owners)}` : sql``}
    group by 1`);
  return new Map(res.rows.map((r) => [String(r.day), Number(r.n)]));
}

async function dealsByDay(db: Db, s: Session, f: StatsFilter, owners: number[] | null) {
  const out = new Map<string, { orders: number; totalFen: number; paidFen: number }>();
  if (owners && !owners.length) return out;
  const res = await db.execute<{ day: string; orders: number; total_fen: string; paid_fen: string }>(sql`
    select day::text as day, sum(orders)::int as orders, sum(total_fen)::bigint as total_fen,
      sum(paid_fen)::bigint as paid_fen
    from stats_deal_day
    where organization_id = ${s.orgId} and day between ${f.startDate} and ${f.endDate}
      ${owners ? sql`and ${anyOf(sql`owner_id`, owners)}` : sql``}
    group by 1`);
  for (const r of res.rows)
    out.set(String(r.day), { orders: Number(r.orders), totalFen: Number(r.total_fen), paidFen: Number(r.paid_fen) });
  return out;
}
