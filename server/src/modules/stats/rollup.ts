import { formatDateTime } from '@crm/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { leadDimFacts, leadWorkFacts } from '../clue/leadFacts';
import { callDayFacts } from '../telephony/callFacts';
import { addDays, dayStart, today } from './days';
import { statsLeadDay, statsRefresh, statsUserDay } from './schema';

/**
 * Keeps the rollups (schema.ts) up to date, one organisation at a time under an advisory lock:
 *  - work (stats_user_day): the days from two before the last covered one to yesterday are recomputed (a call's
 *    status settles within minutes; two days leave room for a late event); today is always read live;
 *  - leads (stats_lead_day): recomputed whole, a snapshot of the current owners, statuses and stages.
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
  });
}

/** Recomputes the lead snapshot of an organisation. */
export async function refreshLeads(db: Db, orgId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK + 1}, ${orgId})`);
    await tx.delete(statsLeadDay).where(eq(statsLeadDay.organizationId, orgId));
    await tx.execute(sql`insert into stats_lead_day (organization_id, day, owner_id, dim, value, n)
      select ${orgId}, day, owner_id, dim, value, n from (${leadDimFacts(orgId)}) f`);
    await mark(tx as unknown as Db, orgId, 'leads', null);
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
