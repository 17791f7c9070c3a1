import { and, gte, lte, type SQL, sql } from 'drizzle-orm';
import { type Scope, scoped } from '../../platform/scope';
import { callRecord } from './schema';

/**
 * Calls as other modules read them (the boards): a subquery of the scope's calls made within the range, with the
 * columns user_id, clue_id, answered (boolean), talk_seconds, created_at.
 */
export function callRows(s: Scope, range: { from: Date; to: Date }): SQL {
  const where = and(
    scoped(s, callRecord, { owner: callRecord.userId }),
    gte(callRecord.createdAt, range.from),
    lte(callRecord.createdAt, range.to),
  );
  return sql`select ${callRecord.userId} as user_id, ${callRecord.clueId} as clue_id,
    (${callRecord.status} = 2) as answered, ${callRecord.billableSeconds} as talk_seconds,
    ${callRecord.createdAt} as created_at
    from ${callRecord} where ${where}`;
}
