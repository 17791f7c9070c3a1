import { type SQL, sql } from 'drizzle-orm';
import { unscoped } from '../../platform/scope';
import { callRows, PLACED } from './readModel';

/** The placed calls' source, inlined (a constant the planner folds, not a parameter). */
const P = sql.raw(String(PLACED));

/**
 * The read model this module publishes for statistics (issues 17, 26): calls per Shanghai day and user, as a query
 * that the statistics module aggregates inside the database (it never names call_record itself), over the one
 * definition of a call (readModel.ts callRows). Columns: day (date), user_id, calls (placed calls, 外呼), answered
 * (placed, status 2 已接通), missed (status 3 未接通), talk_seconds (billable talk time of the answered placed calls),
 * uploads (uploaded calls, 上传录音), upload_seconds (their length). Calls made in [from, to).
 */
export function callDayFacts(orgId: number, from: Date, to?: Date): SQL {
  return dayFacts(callRows(orgScope(orgId), span(from, to)));
}

/** callDayFacts of the uploaded calls alone (their calls, answered, missed and talk_seconds are 0). */
export function uploadDayFacts(orgId: number, from: Date, to?: Date): SQL {
  return dayFacts(sql`select * from (${callRows(orgScope(orgId), span(from, to))}) a where source <> ${P}`);
}

const orgScope = (orgId: number) =>
  unscoped(orgId, 'statistics count every user of the organisation, then narrow to the scope');
const span = (from: Date, to?: Date) => ({
  from,
  to: to ? new Date(to.getTime() - 1) : new Date('9999-12-31T00:00:00Z'),
});

function dayFacts(rows: SQL): SQL {
  return sql`select (created_at at time zone 'Asia/Shanghai')::date as day, user_id,
      count(*) filter (where source = ${P})::int as calls,
      count(*) filter (where source = ${P} and answered)::int as answered,
      count(*) filter (where source = ${P} and missed)::int as missed,
      coalesce(sum(talk_seconds) filter (where source = ${P} and answered), 0)::bigint as talk_seconds,
      count(*) filter (where source <> ${P})::int as uploads,
      coalesce(sum(talk_seconds) filter (where source <> ${P}), 0)::bigint as upload_seconds
    from (${rows}) c
    group by 1, 2`;
}
