import { and, count, eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db';
import { anyOf, type Scope, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { recordingScope } from './rows';
import { recording } from './schema';

/**
 * The recordings as other modules read and mark them (quality review, analysis, insight): they never name the
 * recording table themselves.
 */

const query = new QueryBuilder();

/**
 * The recordings the session may see (a RecordingRow each), as a subquery named `rec` that another module lists,
 * joins to its rows by recording id (`innerJoin(rec, eq(rec.id, myTable.recordingId))`) and filters on; its rows
 * whole are `rec._.selectedFields`.
 */
export function visibleRecordings(s: Session) {
  return query.select().from(recording).where(recordingScope(s)).as('rec');
}

const inOrg = (orgId: number, ids: number[]) => and(eq(recording.organizationId, orgId), inArray(recording.id, ids));

/** File name, call time and length of recordings of the organisation by id (for other modules' lists). */
export async function recordingFiles(
  db: DbOrTx,
  orgId: number,
  ids: number[],
): Promise<Map<number, { fileName: string; callTime: Date | null; durationMs: number }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: recording.id,
      fileName: recording.fileName,
      callTime: recording.callTime,
      durationMs: recording.durationMs,
    })
    .from(recording)
    .where(inOrg(orgId, ids));
  return new Map(rows.map(({ id, ...r }) => [id, r]));
}

/** The calls of the session's scope with an owner, made (or uploaded, without a call time) within [start, end]. */
export async function ownedCallsBetween(
  db: DbOrTx,
  s: Session,
  start: Date,
  end: Date,
): Promise<{ recordingId: number; ownerUserId: number }[]> {
  const at = sql`coalesce(${recording.callTime}, ${recording.createdAt})`;
  const rows = await db
    .select({ recordingId: recording.id, ownerUserId: recording.ownerUserId })
    .from(recording)
    .where(and(recordingScope(s), isNotNull(recording.ownerUserId), sql`${at} >= ${start}`, sql`${at} <= ${end}`));
  return rows as { recordingId: number; ownerUserId: number }[];
}

/** How many recordings of the session's scope came from each source. */
export async function recordingCountsBySource(db: DbOrTx, s: Session): Promise<Map<number, number>> {
  const rows = await db
    .select({ source: recording.source, n: count() })
    .from(recording)
    .where(recordingScope(s))
    .groupBy(recording.source);
  return new Map(rows.map((r) => [r.source, r.n]));
}

/**
 * Ids of the session's recordings with the given transcription status, chosen by id or by call time, in id order,
 * at most `limit`.
 */
export async function recordingIdsWhere(
  db: DbOrTx,
  s: Session,
  f: { asrStatus: number; ids?: number[]; callTime?: { from: Date; to: Date } },
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: recording.id })
    .from(recording)
    .where(
      and(
        recordingScope(s),
        eq(recording.asrStatus, f.asrStatus),
        f.ids ? inArray(recording.id, f.ids) : undefined,
        f.callTime ? gte(recording.callTime, f.callTime.from) : undefined,
        f.callTime ? lte(recording.callTime, f.callTime.to) : undefined,
      ),
    )
    .orderBy(recording.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The organisation's recordings in a state, whoever's (demo data): id and owner, in id order. `unbound`: not bound
 * to a lead.
 */
export async function recordingsInState(
  db: DbOrTx,
  orgId: number,
  state: { asrStatus?: number; analysisStatus?: number; unbound?: boolean },
): Promise<{ id: number; ownerUserId: number | null }[]> {
  return db
    .select({ id: recording.id, ownerUserId: recording.ownerUserId })
    .from(recording)
    .where(
      and(
        eq(recording.organizationId, orgId),
        state.asrStatus === undefined ? undefined : eq(recording.asrStatus, state.asrStatus),
        state.analysisStatus === undefined ? undefined : eq(recording.analysisStatus, state.analysisStatus),
        state.unbound ? isNull(recording.clueId) : undefined,
      ),
    )
    .orderBy(recording.id);
}

/**
 * The organisation's recordings with their lead, as a subquery with the columns id, clue_id (for a module that keeps
 * a copy of each call's lead in step with the recordings).
 */
export function recordingLeads(orgId: number): SQL {
  return sql`select ${recording.id} as id, ${recording.clueId} as clue_id from ${recording}
    where ${recording.organizationId} = ${orgId}`;
}

/**
 * Uploaded calls as other modules count them (telephony's one definition of a call): the recordings of the scope
 * that no placed call stored (no call record id), at their call time (else when uploaded) within the range.
 * Columns: id, at, user_id (the owner, else the uploader), clue_id, source (RecordingSource), talk_seconds.
 */
export function uploadedCallRows(s: Scope, range: { from: Date; to: Date }): SQL {
  const at = sql`coalesce(${recording.callTime}, ${recording.createdAt})`;
  const who = sql`coalesce(${recording.ownerUserId}, ${recording.uploadedBy})`;
  const where = and(
    scoped(s, recording),
    s.visibleUserIds === null ? undefined : anyOf(who, s.visibleUserIds),
    isNull(recording.callInfoId),
    sql`${at} >= ${range.from}`,
    sql`${at} <= ${range.to}`,
  );
  return sql`select ${recording.id} as id, ${at} as at, ${who} as user_id,
    ${recording.clueId} as clue_id, ${recording.source} as source, round(${recording.durationMs} / 1000.0)::int as talk_seconds
    from ${recording} where ${where}`;
}
