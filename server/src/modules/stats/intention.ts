import { IntentionLabel } from '@crm/core';
import type { StatsFilter } from '@crm/core/contract/stats';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { Session } from '../../platform/session';
import { analysedCallRows } from '../insight';
import { addDays, dayStart } from './days';
import { matrixRows } from './matrix';
import { audienceOf } from './scope';

/**
 * Customers per intention level (employee performance): each lead with an analysed call in the period counts once,
 * at the intention of its latest analysed call there, for the user who owned it at that call. Live from the read
 * model insight publishes (insight_call holds analysed calls only, indexed by organisation and time).
 */

/** The levels: the AI intention labels. */
export const INTENTION_HEADS = Object.entries(IntentionLabel).map(([id, name]) => ({ id: Number(id), name }));

export async function intentionMatrix(db: Db, s: Session, f: StatsFilter, byDept: boolean) {
  const who = await audienceOf(db, s, f);
  let counts: { ownerId: number; value: number; n: number }[] = [];
  if (who.userIds.length) {
    const scope = { orgId: s.orgId, visibleUserIds: who.everyone ? null : who.userIds };
    const range = { from: dayStart(f.startDate), to: new Date(dayStart(addDays(f.endDate, 1)).getTime() - 1) };
    const res = await db.execute<{ owner_id: number; value: number; n: number }>(sql`
      select owner_user_id as owner_id, intention as value, count(*)::int as n from (
        select distinct on (clue_id) clue_id, owner_user_id, intention from (${analysedCallRows(scope, range)}) a
        where clue_id is not null and intention is not null order by clue_id desc, call_at desc
      ) latest where owner_user_id is not null group by 1, 2`);
    counts = res.rows.map((r) => ({ ownerId: Number(r.owner_id), value: Number(r.value), n: Number(r.n) }));
  }
  return { heads: INTENTION_HEADS, ...matrixRows(who, byDept, counts), freshAt: null };
}
