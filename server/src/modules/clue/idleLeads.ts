import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';

/**
 * What the public sea's drop-in job reads of the leads (it never names the lead table): the condition of a drop-in
 * rule, the id ranges its workers share, the planner's statistics after a large move.
 */

const DAY = 86_400_000;
const ints = (xs: number[]) => sql`${`{${xs.join(',')}}`}::int[]`;

/** A drop-in rule's day counts and exceptions (the public sea's DropRule without its switch). */
export interface IdleRule {
  notFollowDays: number | null;
  notCalledDays: number | null;
  noDealDays: number | null;
  stages: number[];
  exceptLocked: boolean;
  exceptCustomers: boolean;
}

/**
 * The leads a drop-in rule selects at time `asOf`, as a condition on the leads (alias c) for `sea.putInSeaWhere`:
 * owned (by `members` when given), not blacklisted, not excepted, and idle past one of the day counts. Idle time
 * counts from the last follow-up (or call) or, when there was none since, from when the owner got the lead. Null
 * when the rule has no day count.
 */
export function idleLeads(r: IdleRule, members: number[] | null, asOf: Date): SQL | null {
  const since = sql`coalesce(c.received_at, c.created_at)`;
  const cutoff = (days: number) => new Date(asOf.getTime() - days * DAY);
  const idle: SQL[] = [];
  if (r.notFollowDays)
    idle.push(sql`greatest(coalesce(c.last_follow_time, ${since}), ${since}) < ${cutoff(r.notFollowDays)}`);
  if (r.notCalledDays)
    idle.push(sql`greatest(coalesce(c.last_call_time, ${since}), ${since}) < ${cutoff(r.notCalledDays)}`);
  if (r.noDealDays) idle.push(sql`(c.type = 1 and ${since} < ${cutoff(r.noDealDays)})`);
  if (!idle.length) return null;
  const conds: SQL[] = [sql`c.owner_id is not null`, sql`c.blacklisted = false`];
  if (members) conds.push(members.length ? sql`c.owner_id = any(${ints(members)})` : sql`false`);
  if (r.exceptLocked) conds.push(sql`c.lock_status = 0`);
  if (r.exceptCustomers) conds.push(sql`c.type = 1`);
  if (r.stages.length) conds.push(sql`c.stage = any(${ints(r.stages)})`);
  conds.push(sql`(${sql.join(idle, sql` or `)})`);
  return sql.join(conds, sql` and `);
}

/** The smallest and largest id of the organisation's live leads ([0, 0] without any). */
export async function leadIdSpan(db: Db, orgId: number): Promise<[number, number]> {
  const res = await db.execute<{ lo: string | null; hi: string | null }>(
    sql`select min(id)::text as lo, max(id)::text as hi from clue where organization_id = ${orgId} and deleted_at is null`,
  );
  return [Number(res.rows[0]?.lo ?? 0), Number(res.rows[0]?.hi ?? 0)];
}

/** After a large move the planner's statistics of the lead table are stale (the pool looked empty to it). */
export async function refreshLeadStatistics(db: Db): Promise<void> {
  await db.execute(sql`analyze clue`);
}

/**
 * Up to `limit` of the organisation's oldest live leads held by staff and not locked (demo data of the public sea).
 */
export async function oldestUnlockedLeads(db: Db, orgId: number, limit: number): Promise<number[]> {
  const res = await db.execute<{ id: number }>(
    sql`select id from clue where organization_id = ${orgId} and deleted_at is null and is_in_sea = 2
        and lock_status = 0 order by id limit ${limit}`,
  );
  return res.rows.map((r) => Number(r.id));
}
