import { formatDateTime } from '@crm/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { leadDimFacts, leadWorkFacts } from '../clue';
import { dealDayFacts } from '../order';
import { callDayFacts } from '../telephony';
import { addDays, dayStart, today } from './days';
import { statsDealDay, statsLeadDay, statsLeadMonth, statsRefresh, statsUserDay } from './schema';

/**
 * Keeps the rollups (schema.ts) up to date, one organisation at a time under an advisory lock:
 *  - work (stats_user_day): the days from two before the last covered one to yesterday are recomputed (a call's
 *    status settles within minutes; two days leave room for a late event); today is always read live;
 *  - leads (stats_lead_day, and per month stats_lead_month) and deals (stats_deal_day): recomputed whole, a snapshot
 *    of the current owners, statuses and stages, and of the confirmed orders.
 */
export const ROLLUP_JOB = 'stats.rollup';
/** How often the job runs (cron, Asia/Shanghai). */
export const ROLLUP_CRON = '*/5 * * * *';
const LOCK = 0x5741_7453; // 'STAT'

export interface Freshness {
  coveredUntil: string | null;
  refreshedAt: Date | null;
}

export async function freshnessOf(db: Db, orgId: number, source: 'work' | 'leads'): Promise<Freshness> {
  const [row] = await db
    .select()
    .from(statsRefresh)
    .where(and(eq(statsRefresh.organizationId, orgId), eq(statsRefresh.source, source)));
  return { coveredUntil: row?.coveredUntil ?? null, refreshedAt: row?.refreshedAt ?? null };
}

export const freshText = (f: Freshness) => (f.refreshedAt ? formatDateTime(f.refreshedAt) : null);

async function mark(tx: Db, orgId: number, source: string, coveredUntil: string | null) {
  await tx
    .insert(statsRefresh)
    .values({ organizationId: orgId, source, coveredUntil, refreshedAt: new Date() })
    .onConflictDoUpdate({
      target: [statsRefresh.organizationId, statsRefresh.source],
      set: { coveredUntil, refreshedAt: new Date() },
    });
}

/** Brings the work rollup of an organisation up to yesterday. */
export async function refreshWork(db: Db, orgId: number, now = new Date()): Promise<void> {
  const until = today(now);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK}, ${orgId})`);
    const { coveredUntil } = await freshnessOf(tx as unknown as Db, orgId, 'work');
    const from = coveredUntil ? addDays(coveredUntil, -2) : null;
    const start = from ? dayStart(from) : new Date(0);
    const end = dayStart(until);
    await tx
      .delete(statsUserDay)
      .where(and(eq(statsUserDay.organizationId, orgId), from ? sql`${statsUserDay.day} >= ${from}` : undefined));
    await tx.execute(sql`insert into stats_user_day
        (organization_id, day, user_id, calls, answered, missed, talk_seconds, taken, follow_ups)
      select ${orgId}, day, user_id, sum(calls), sum(answered), sum(missed), sum(talk_seconds), sum(taken), sum(follow_ups)
      from (
        select day, user_id, calls, answered, missed, talk_seconds, 0 as taken, 0 as follow_ups
          from (${callDayFacts(orgId, start, end)}) c
        union all
        select day, user_id, 0, 0, 0, 0, taken, follow_ups from (${leadWorkFacts(orgId, start, end)}) w
      ) f group by day, user_id`);
    await mark(tx as unknown as Db, orgId, 'work', until);
    // a first build changes the table's size by far: the planner must know (autovacuum would, minutes later)
    if (!from) await tx.execute(sql`analyze stats_user_day`);
  });
}

/** Recomputes the lead snapshot of an organisation. */
export async function refreshLeads(db: Db, orgId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK + 1}, ${orgId})`);
    const first = !(await freshnessOf(tx as unknown as Db, orgId, 'leads')).refreshedAt;
    await tx.delete(statsLeadDay).where(eq(statsLeadDay.organizationId, orgId));
    await tx.delete(statsLeadMonth).where(eq(statsLeadMonth.organizationId, orgId));
    await tx.delete(statsDealDay).where(eq(statsDealDay.organizationId, orgId));
    // an order may be signed on any day, before or after it is written: the deals are recomputed whole too
    await tx.execute(sql`insert into stats_deal_day (organization_id, day, owner_id, orders, total_fen, paid_fen)
      select ${orgId}, day, owner_id, orders, total_fen, paid_fen from (${dealDayFacts(orgId, '1900-01-01', '9999-12-31')}) d`);
    await tx.execute(sql`insert into stats_lead_day (organization_id, day, owner_id, dim, value, n)
      select ${orgId}, day, owner_id, dim, value, n from (${leadDimFacts(orgId)}) f`);
    await tx.execute(sql`insert into stats_lead_month (organization_id, month, owner_id, dim, value, n)
      select organization_id, date_trunc('month', day)::date, owner_id, dim, value, sum(n)
      from stats_lead_day where organization_id = ${orgId} group by 1, 2, 3, 4, 5`);
    await mark(tx as unknown as Db, orgId, 'leads', null);
    if (first) await tx.execute(sql`analyze stats_lead_day, stats_lead_month, stats_deal_day`);
  });
}

export async function refreshOrg(db: Db, orgId: number): Promise<void> {
  await refreshWork(db, orgId);
  await refreshLeads(db, orgId);
}

/** The job: every organisation that has used the statistics (its first call builds its rollups). */
export async function refreshAll(db: Db): Promise<void> {
  const orgs = await db.selectDistinct({ id: statsRefresh.organizationId }).from(statsRefresh);
  for (const o of orgs) await refreshOrg(db, o.id);
}
