import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { Session } from '../../platform/session';
import type { ClueLists } from './lists';
import { type ClueFilter, orgClues } from './query';
import { clue } from './schema';

/**
 * What the telephony module asks of leads beyond the Clues lookups: the leads of a filtered list (a call task is
 * built from them) and the correction of a lead's last call status when a late provider event changes the result.
 */

/**
 * Ids of the leads a list filter finds for the session (its data scope), up to `max`, newest first; `ids` narrows
 * them to leads chosen one by one (those outside the scope are left out).
 */
export async function clueIdsOfFilter(
  db: Db,
  lists: ClueLists,
  s: Session,
  f: ClueFilter,
  max: number,
  ids?: number[],
): Promise<number[]> {
  const where = and(await lists.whereOf(s, f), ids ? inArray(clue.id, ids) : undefined);
  const rows = await db.select({ id: clue.id }).from(clue).where(where).orderBy(sql`${clue.id} desc`).limit(max);
  return rows.map((r) => r.id);
}

/** Sets the lead's call status (2 已接通 / 3 未接通) and last call duration without counting another call. */
export async function correctLastCall(
  db: Db,
  orgId: number,
  clueId: number,
  callStatus: 2 | 3,
  durationSeconds: number,
) {
  await db
    .update(clue)
    .set({ callStatus, lastCallDuration: Math.round(durationSeconds) })
    .where(and(eq(clue.id, clueId), orgClues(orgId, { deleted: true })));
}
