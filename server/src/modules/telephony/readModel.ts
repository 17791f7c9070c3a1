import { and, gte, lte, type SQL, sql } from 'drizzle-orm';
import { type Scope, scoped } from '../../platform/scope';
import { uploadedCallRows } from '../recording';
import { callRecord } from './schema';

/**
 * The one definition of a call that every figure counts (issue 26): a placed call (a call record, source 0 外呼) or an
 * uploaded recording that no placed call stored (source: its RecordingSource 1-6, 上传录音). A placed call is answered
 * when its status is 已接通 and talks its billable seconds; an uploaded recording is a conversation that took place
 * (answered) and talks its length. The statistics, the boards and the tests read calls through this and nothing else.
 */
export const PLACED = 0;

/**
 * The calls of the scope made within the range, as a subquery with the columns user_id, clue_id, source (0 placed,
 * else the recording's source), answered (boolean), missed (boolean), talk_seconds, created_at (when the call was
 * made: the record's creation, the recording's call time else its upload).
 */
export function callRows(s: Scope, range: { from: Date; to: Date }): SQL {
  return sql`${placedCallRows(s, range)} union all select user_id, clue_id, source::int, true as answered,
    false as missed, talk_seconds, at as created_at from (${uploadedCallRows(s, range)}) u where user_id is not null`;
}

/** Placed calls only (the call records, as 通话记录 lists them), in callRows's columns. */
export function placedCallRows(s: Scope, range: { from: Date; to: Date }): SQL {
  const where = and(
    scoped(s, callRecord, { owner: callRecord.userId }),
    gte(callRecord.createdAt, range.from),
    lte(callRecord.createdAt, range.to),
  );
  return sql`select ${callRecord.userId} as user_id, ${callRecord.clueId} as clue_id, ${sql.raw(String(PLACED))}::int as source,
    (${callRecord.status} = 2) as answered, (${callRecord.status} = 3) as missed,
    ${callRecord.billableSeconds} as talk_seconds, ${callRecord.createdAt} as created_at
    from ${callRecord} where ${where}`;
}
