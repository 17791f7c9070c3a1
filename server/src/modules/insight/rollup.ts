import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';

/** Churn risk at or above this counts as high in the organisation's figures. */
export const HIGH_CHURN = 60;

const callDay = sql`(c.call_at at time zone 'Asia/Shanghai')::date`;
const mentionDay = sql`(m.call_at at time zone 'Asia/Shanghai')::date`;

/**
 * Adds (sign 1, after inserting) or takes away (sign -1, before deleting) the insight rows of these calls in the daily
 * counts. Rows are upserted in key order so that concurrent recorders lock them in the same order.
 */
export async function applyDaily(tx: DbOrTx, orgId: number, recordingIds: number[], sign: 1 | -1): Promise<void> {
  if (!recordingIds.length) return;
  const ids = sql`${sql.param(recordingIds)}::int[]`;
  const upsert = (select: SQL) => sql`
    insert into insight_daily as d (organization_id, day, owner_user_id, kind, label, n, strong, high_churn)
    ${select}
    on conflict (organization_id, day, owner_user_id, kind, label) do update set
      n = d.n + excluded.n, strong = d.strong + excluded.strong, high_churn = d.high_churn + excluded.high_churn`;
  await tx.execute(
    upsert(sql`
      select ${orgId}, ${callDay}, coalesce(c.owner_user_id, 0), 'call', '', ${sign} * count(*)::int,
        ${sign} * (count(*) filter (where c.intention = 1))::int,
        ${sign} * (count(*) filter (where c.churn_risk >= ${HIGH_CHURN}))::int
      from insight_call c where c.organization_id = ${orgId} and c.recording_id = any(${ids})
      group by 2, 3 order by 2, 3`),
  );
  await tx.execute(
    upsert(sql`
      select ${orgId}, ${mentionDay}, coalesce(m.owner_user_id, 0), m.kind, m.label, ${sign} * count(*)::int, 0, 0
      from insight_mention m where m.organization_id = ${orgId} and m.recording_id = any(${ids})
      group by 2, 3, 4, 5 order by 2, 3, 4, 5`),
  );
}

/** The organisation's daily counts recomputed from its rows (a repair, and the benchmark's load). */
export async function rebuildDaily(db: DbOrTx, orgId: number): Promise<void> {
  await db.execute(sql`delete from insight_daily where organization_id = ${orgId}`);
  await db.execute(sql`
    insert into insight_daily (organization_id, day, owner_user_id, kind, label, n, strong, high_churn)
    select ${orgId}, ${callDay}, coalesce(c.owner_user_id, 0), 'call', '', count(*)::int,
      (count(*) filter (where c.intention = 1))::int, (count(*) filter (where c.churn_risk >= ${HIGH_CHURN}))::int
    from insight_call c where c.organization_id = ${orgId} group by 2, 3`);
  await db.execute(sql`
    insert into insight_daily (organization_id, day, owner_user_id, kind, label, n, strong, high_churn)
    select ${orgId}, ${mentionDay}, coalesce(m.owner_user_id, 0), m.kind, m.label, count(*)::int, 0, 0
    from insight_mention m where m.organization_id = ${orgId} group by 2, 3, 4, 5`);
}
