import { and, gte, lte, type SQL, sql } from 'drizzle-orm';
import { type Scope, scoped } from '../../platform/scope';
import { HIGH_CHURN } from './rollup';
import { insightCall } from './schema';

/**
 * Analysed calls as other modules read them (the boards): a subquery of the scope's analysed calls within the range,
 * with the columns owner_user_id, clue_id, intention, strong (boolean), high_churn (boolean), call_at.
 */
export function analysedCallRows(s: Scope, range: { from: Date; to: Date }): SQL {
  const where = and(
    scoped(s, insightCall, { owner: insightCall.ownerUserId }),
    gte(insightCall.callAt, range.from),
    lte(insightCall.callAt, range.to),
  );
  return sql`select ${insightCall.ownerUserId} as owner_user_id, ${insightCall.clueId} as clue_id,
    ${insightCall.intention} as intention, (${insightCall.intention} = 1) as strong,
    coalesce(${insightCall.churnRisk} >= ${HIGH_CHURN}, false) as high_churn, ${insightCall.callAt} as call_at
    from ${insightCall} where ${where}`;
}
