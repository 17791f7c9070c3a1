import { and, gte, lte, type SQL, sql } from 'drizzle-orm';
import { type Scope, scoped } from '../../platform/scope';
import { qualityCheck } from './schema';

/**
 * Machine quality checks as other modules read them (the boards): a subquery of the scope's scored calls within the
 * range, with the columns owner_user_id, score, passed, violation_count, call_time.
 */
export function checkRows(s: Scope, range: { from: Date; to: Date }): SQL {
  const where = and(
    scoped(s, qualityCheck, { owner: qualityCheck.ownerUserId }),
    gte(qualityCheck.callTime, range.from),
    lte(qualityCheck.callTime, range.to),
  );
  return sql`select ${qualityCheck.ownerUserId} as owner_user_id, ${qualityCheck.score} as score,
    ${qualityCheck.passed} as passed, ${qualityCheck.violationCount} as violation_count,
    ${qualityCheck.callTime} as call_time
    from ${qualityCheck} where ${where}`;
}
