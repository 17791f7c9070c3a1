import { formatDateTime, presetDays } from '@crm/core';
import { ORDER_STATUSES } from '@crm/core/contract/order';
import { and, eq, gte, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { anyOf, type Scope, unscoped } from '../../platform/scope';
import { leadRows } from '../clue';
import { dealRows } from '../order';
import { callRows } from '../telephony';
import type { Range } from './filter';
import { boardCallDay, boardDealDay, boardLeadDay, boardRefresh } from './schema';

/**
 * The boards' rollups (schema.ts), rebuilt by the boards.leads job every 5 minutes for every organisation whose
 * boards were opened (its first board call builds them): the lead snapshot whole, the calls of the days from two
 * before the last covered one to yesterday (a call's status settles within minutes); today's calls are read live.
 */
export const ROLLUP_JOB = 'boards.rollup';
export const ROLLUP_CRON = '*/5 * * * *';
const LOCK = 0x424f_4152; // 'BOAR'
const DAY_MS = 86_400_000;

const today = () => presetDays('today')[0];
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

export async function refreshRollups(db: Db, orgId: number): Promise<void> {
  const org = unscoped(orgId, "board rollups count every user's leads");
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK}, ${orgId})`);
    await tx.delete(boardLeadDay).where(eq(boardLeadDay.organizationId, orgId));
    await tx.execute(sql`
      insert into board_lead_day (organization_id, day, owner_id, import_way, source_id, stage, n)
      select ${orgId}, (created_at at time zone 'Asia/Shanghai')::date, owner_id, import_way,
        coalesce(channel_source_id, 0), stage, count(*)::int
      from (${leadRows(org)}) l group by 2, 3, 4, 5, 6`);
    await tx.delete(boardDealDay).where(eq(boardDealDay.organizationId, orgId));
    const orders = dealRows(org, { fromDay: '1970-01-01', toDay: '9999-12-31', statuses: ORDER_STATUSES });
    await tx.execute(sql`
      insert into board_deal_day (organization_id, day, owner_id, status, import_way, source_id, n, total_fen)
      select ${orgId}, d.signed_on::date, d.owner_id, d.status, coalesce(l.import_way, 0),
        coalesce(l.channel_source_id, 0), count(*)::int, sum(d.total_fen)::bigint
      from (${orders}) d left join (${leadRows(org, undefined, true)}) l on l.id = d.clue_id group by 2, 3, 4, 5, 6`);
    const [row] = await tx.select().from(boardRefresh).where(eq(boardRefresh.organizationId, orgId));
    const from = row?.callsCoveredUntil ? addDays(row.callsCoveredUntil, -2) : null;
    const until = today();
    await tx
      .delete(boardCallDay)
      .where(and(eq(boardCallDay.organizationId, orgId), from ? gte(boardCallDay.day, from) : undefined));
    const calls = callRows(org, {
      from: from ? dayStart(from) : new Date(0),
      to: new Date(dayStart(until).getTime() - 1),
    });
    await tx.execute(sql`
      insert into board_call_day (organization_id, day, user_id, calls, answered, talk_seconds)
      select ${orgId}, (created_at at time zone 'Asia/Shanghai')::date, user_id, count(*)::int,
        (count(*) filter (where answered))::int, sum(talk_seconds)::bigint
      from (${calls}) c group by 2, 3`);
    const values = { refreshedAt: new Date(), callsCoveredUntil: until };
    await tx
      .insert(boardRefresh)
      .values({ organizationId: orgId, ...values })
      .onConflictDoUpdate({ target: boardRefresh.organizationId, set: values });
  });
}

/** The job: every organisation whose boards were opened. */
export async function refreshAll(db: Db): Promise<void> {
  for (const o of await db.select({ id: boardRefresh.organizationId }).from(boardRefresh))
    await refreshRollups(db, o.id);
}

/** How fresh the rollups are; built now if they never were. */
async function freshness(db: Db, orgId: number) {
  const [row] = await db.select().from(boardRefresh).where(eq(boardRefresh.organizationId, orgId));
  if (row?.callsCoveredUntil) return { refreshedAt: row.refreshedAt, coveredUntil: row.callsCoveredUntil };
  await refreshRollups(db, orgId);
  return freshness(db, orgId);
}

/** When the lead snapshot was taken ('YYYY-MM-DD HH:mm:ss'). */
export const leadsFreshAt = async (db: Db, orgId: number) => formatDateTime((await freshness(db, orgId)).refreshedAt)!;

const owners = (s: Scope, col: SQLWrapper) =>
  s.visibleUserIds === null ? undefined : anyOf(sql`${col}`, s.visibleUserIds);

/** Leads of the scope created in the range, summed by some of the snapshot's columns (`by`). */
export const leadCounts = <K extends string>(db: Db, s: Scope, range: Range, by: Record<K, SQLWrapper>) =>
  sums(db, boardLeadDay, s, range, by, sql`sum(${boardLeadDay.n})::bigint as n`);

/** Deals (orders in the statuses) of the scope signed in the range, with their amount, by the snapshot's columns. */
export const dealCounts = <K extends string>(
  db: Db,
  s: Scope,
  range: Range,
  statuses: readonly number[],
  by: Record<K, SQLWrapper>,
) =>
  sums(
    db,
    boardDealDay,
    s,
    range,
    by,
    sql`sum(${boardDealDay.n})::bigint as n, sum(${boardDealDay.totalFen})::bigint as fen`,
    [anyOf(boardDealDay.status, statuses)],
  );

/** A snapshot's rows of the scope and range summed (`total`: n, and fen where it has an amount) by some columns. */
async function sums<K extends string>(
  db: Db,
  table: typeof boardLeadDay | typeof boardDealDay,
  s: Scope,
  range: Range,
  by: Record<K, SQLWrapper>,
  total: SQL,
  more: SQL[] = [],
) {
  const cols = Object.entries<SQLWrapper>(by).map(([k, v]) => sql`${v} as ${sql.identifier(k)}`);
  const where = and(
    eq(table.organizationId, s.orgId),
    gte(table.day, range.fromDay),
    lte(table.day, range.toDay),
    owners(s, table.ownerId),
    ...more,
  );
  const res = await db.execute<Record<K, number> & { n: string; fen?: string }>(
    sql`select ${sql.join(cols, sql`, `)}, ${total} from ${table} where ${where}
      group by ${sql.join(
        Object.values<SQLWrapper>(by).map((v) => sql`${v}`),
        sql`, `,
      )}`,
  );
  return res.rows.map((r) => ({ ...(r as Record<K, number>), n: Number(r.n), fen: Number(r.fen ?? 0) }));
}

/**
 * The scope's calls of the range per day and user: the rollup's days, then the days it does not cover yet read live.
 * Columns: day ('YYYY-MM-DD'), user_id, calls, answered, talk_seconds.
 */
export async function callDays(db: Db, s: Scope, range: Range): Promise<SQL> {
  const { coveredUntil } = await freshness(db, s.orgId);
  const parts: SQL[] = [];
  if (range.fromDay < coveredUntil)
    parts.push(sql`select ${boardCallDay.day}::text as day, ${boardCallDay.userId} as user_id, ${boardCallDay.calls}
        as calls, ${boardCallDay.answered} as answered, ${boardCallDay.talkSeconds} as talk_seconds
      from ${boardCallDay} where ${and(
        eq(boardCallDay.organizationId, s.orgId),
        gte(boardCallDay.day, range.fromDay),
        lte(boardCallDay.day, range.toDay),
        owners(s, boardCallDay.userId),
      )}`);
  if (range.toDay >= coveredUntil) {
    const from = new Date(Math.max(range.from.getTime(), dayStart(coveredUntil).getTime()));
    parts.push(sql`select ((created_at at time zone 'Asia/Shanghai')::date)::text as day, user_id, count(*)::int as calls,
        (count(*) filter (where answered))::int as answered, sum(talk_seconds)::bigint as talk_seconds
      from (${callRows(s, { from, to: range.to })}) c group by 1, 2`);
  }
  return sql.join(parts, sql` union all `);
}
