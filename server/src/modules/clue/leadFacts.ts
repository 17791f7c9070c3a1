import { type SQL, sql } from 'drizzle-orm';

/**
 * The read models this module publishes for statistics (issue 17), as queries that the statistics module
 * aggregates inside the database (it never names the lead tables itself).
 */

/** Dimensions of leadDimFacts. */
export const LEAD_DIM = { followStatus: 1, stage: 2, source: 3 } as const;

/**
 * Live leads (not in the recycle bin, not in the public sea) per Shanghai creation day, owner and one dimension's
 * value: day, owner_id, dim, value (0 for none), n. Three dimensions: follow-up status, customer stage, channel source.
 */
export function leadDimFacts(orgId: number): SQL {
  return sql`select day, owner_id, d.dim, d.value, count(*)::int as n
    from (select (created_at at time zone 'Asia/Shanghai')::date as day, owner_id,
            coalesce(follow_status_id, 0) as fs, stage::int as st, coalesce(channel_source_id, 0) as src
          from clue where organization_id = ${orgId} and deleted_at is null and is_in_sea = 2 and owner_id is not null) c
    cross join lateral (values (${LEAD_DIM.followStatus}::smallint, c.fs), (${LEAD_DIM.stage}::smallint, c.st),
      (${LEAD_DIM.source}::smallint, c.src)) as d(dim, value)
    group by 1, 2, 3, 4`;
}

/**
 * What users did with leads per Shanghai day, from [from, to): leads taken (moved to them: claimed, assigned,
 * handed over, retrieved) and follow-ups written. Columns: day, user_id, taken, follow_ups.
 */
export function leadWorkFacts(orgId: number, from: Date, to?: Date): SQL {
  const upper = (col: SQL) => (to ? sql`and ${col} < ${to.toISOString()}` : sql``);
  return sql`select day, user_id, sum(taken)::int as taken, sum(follow_ups)::int as follow_ups from (
      select (created_at at time zone 'Asia/Shanghai')::date as day, to_user_id as user_id, 1 as taken, 0 as follow_ups
        from clue_transfer
        where organization_id = ${orgId} and to_user_id is not null and created_at >= ${from.toISOString()}
          ${upper(sql`created_at`)}
      union all
      select (created_at at time zone 'Asia/Shanghai')::date, user_id, 0, 1
        from clue_event
        where organization_id = ${orgId} and type = 'follow' and user_id is not null
          and created_at >= ${from.toISOString()} ${upper(sql`created_at`)}
    ) w group by 1, 2`;
}
