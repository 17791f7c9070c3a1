import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { type Scope, scoped } from '../../platform/scope';
import { qualityCheck, sopCallResult } from './schema';

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

/** The SOP items each call covered at its last check (names, in script order), by recording id (training's library). */
export async function sopItemsCovered(
  db: DbOrTx,
  orgId: number,
  recordingIds: number[],
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!recordingIds.length) return out;
  const rows = await db
    .select({ recordingId: sopCallResult.recordingId, result: sopCallResult.result })
    .from(sopCallResult)
    .where(and(eq(sopCallResult.organizationId, orgId), inArray(sopCallResult.recordingId, recordingIds)));
  for (const r of rows) {
    const names = out.get(r.recordingId) ?? [];
    for (const item of r.result.items) if (item.hit && !names.includes(item.name)) names.push(item.name);
    out.set(r.recordingId, names);
  }
  return out;
}
