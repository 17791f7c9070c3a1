import { type SQL, sql } from 'drizzle-orm';

/**
 * The read model this module publishes for statistics (issue 17): calls per Shanghai day and user, as a query that
 * the statistics module aggregates inside the database (it never names call_record itself). Columns: day (date),
 * user_id, calls, answered (status 2 已接通), missed (status 3 未接通), talk_seconds (billable talk time of the
 * answered calls). Calls created in [from, to) (the org+created_at index serves it).
 */
export function callDayFacts(orgId: number, from: Date, to?: Date): SQL {
  return sql`select (created_at at time zone 'Asia/Shanghai')::date as day, user_id,
      count(*)::int as calls,
      count(*) filter (where status = 2)::int as answered,
      count(*) filter (where status = 3)::int as missed,
      coalesce(sum(billable_seconds) filter (where status = 2), 0)::bigint as talk_seconds
    from call_record
    where organization_id = ${orgId} and created_at >= ${from.toISOString()}
      ${to ? sql`and created_at < ${to.toISOString()}` : sql``}
    group by 1, 2`;
}
