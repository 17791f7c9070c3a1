import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { qualityCheck } from './schema';

/**
 * The machine-scored calls of an organisation, for other modules (the human review draws its samples from them).
 * No data scope here: the caller decides whose calls it may see and passes `ownerUserIds`.
 */

export interface CheckedCallFilter {
  startTime?: Date;
  endTime?: Date;
  /** Calls scoring at most this. */
  maxScore?: number;
  ownerUserIds?: number[];
}

export interface CheckedCall {
  recordingId: number;
  ownerUserId: number | null;
  score: number;
  passed: boolean;
}

export async function listCheckedCalls(db: DbOrTx, orgId: number, f: CheckedCallFilter): Promise<CheckedCall[]> {
  if (f.ownerUserIds && !f.ownerUserIds.length) return [];
  const t = qualityCheck;
  return db
    .select({ recordingId: t.recordingId, ownerUserId: t.ownerUserId, score: t.score, passed: t.passed })
    .from(t)
    .where(
      and(
        eq(t.organizationId, orgId),
        f.startTime ? gte(t.callTime, f.startTime) : undefined,
        f.endTime ? lte(t.callTime, f.endTime) : undefined,
        f.maxScore !== undefined ? lte(t.score, f.maxScore) : undefined,
        f.ownerUserIds ? inArray(t.ownerUserId, f.ownerUserIds) : undefined,
      ),
    )
    .orderBy(asc(t.recordingId));
}
