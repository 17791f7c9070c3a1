import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { clue } from './schema';

/**
 * Totals of lead lists. Counting a million rows is what makes lists slow, so above COUNT_CAP matches a total is the
 * planner's estimate (sent with totalExact / exact false: the page shows 约 N 条).
 */
export const COUNT_CAP = 10_000;

/** The matches of a condition, counted up to COUNT_CAP + 1. */
export async function cappedCount(db: DbOrTx, where: SQL): Promise<number> {
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from ${clue} where ${where} limit ${COUNT_CAP + 1}) t`,
  );
  return Number(res.rows[0].n);
}

/** The planner's row estimate for a condition (EXPLAIN, no execution). */
export async function plannedRows(db: DbOrTx, where: SQL): Promise<number> {
  const plan = await db.execute<{ 'QUERY PLAN': unknown }>(
    sql`explain (format json) select 1 from ${clue} where ${where}`,
  );
  const raw = plan.rows[0]['QUERY PLAN'];
  const json = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(json[0].Plan['Plan Rows']);
}

/** Exact up to COUNT_CAP, else the estimate (tabs, exports, the recycle bin). */
export async function countClues(db: DbOrTx, where: SQL): Promise<{ total: number; exact: boolean }> {
  const planned = await plannedRows(db, where);
  if (planned <= COUNT_CAP) {
    const n = await cappedCount(db, where);
    if (n <= COUNT_CAP) return { total: n, exact: true };
  }
  return { total: Math.max(planned, COUNT_CAP + 1), exact: false };
}
