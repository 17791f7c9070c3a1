import {
  AnalysisStatusLabel,
  AsrStatusLabel,
  CallType,
  formatDateTime,
  MetricsStatusLabel,
  RecordingSource,
} from '@crm/core';
import type { Recording } from '@crm/core/contract/recording';
import { type AnyColumn, and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { anyOf, dataScope, findScoped, scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { updateSet } from '../../platform/update';
import { orgUsersByIds } from '../org';
import { recording } from './schema';

/** The recording row, as every job of the module reads it: its scope, its lookups and how it is shown. */

export type RecordingRow = typeof recording.$inferSelect;

/**
 * The recordings a session may see: its organisation's, whose owner its data scope covers, or that have no owner
 * yet and were uploaded by someone it covers.
 */
const owner = recording.ownerUserId;
const unownedUpload = (s: Session) =>
  and(isNull(recording.ownerUserId), anyOf(recording.uploadedBy, s.visibleUserIds ?? []));

export function recordingScope(s: Session): SQL {
  return scoped(s, recording, { owner, orWhere: unownedUpload(s) });
}

/** One recording the session may see, or 404 录音不存在. */
export function findRecording(db: DbOrTx, s: Session, id: number): Promise<RecordingRow> {
  return findScoped(db, s, recording, id, { owner, orWhere: unownedUpload(s), missing: '录音不存在' });
}

/** Who a call is: its recording's owner, or for an upload not given to anyone yet, its uploader. */
export const boundUserOf = (r: Pick<RecordingRow, 'ownerUserId' | 'uploadedBy'>): number | null =>
  r.ownerUserId ?? r.uploadedBy;

export const SELF_REVIEW = '不能评审自己的通话';

/**
 * No self-review: nobody scores, reviews or decides an appeal on a call bound to themselves (the quality review,
 * the recording list's score, an appeal's decision), whatever their role. 400 with the reason, so that it is shown.
 */
export function refuseSelfReview(s: Session, r: Pick<RecordingRow, 'ownerUserId' | 'uploadedBy'>, msg = SELF_REVIEW) {
  if (boundUserOf(r) === s.userId) throw badRequest(msg);
}

/**
 * A condition on another table's recording id column (transcription runs): a recording the session may see. None
 * where the data scope is organisation-wide (the table's own organisation condition is enough).
 */
export function ofVisibleRecording(db: DbOrTx, s: Session, recordingId: AnyColumn): SQL | undefined {
  if (!dataScope(s, owner, unownedUpload(s))) return undefined;
  return inArray(recordingId, db.select({ id: recording.id }).from(recording).where(recordingScope(s)));
}

/**
 * For the jobs (transcription, metrics, transcoding) and the public call detail (maskId), which hold no session:
 * a recording by its organisation and id.
 */
const inOrg = (orgId: number, id: number) => and(eq(recording.organizationId, orgId), eq(recording.id, id));

export async function recordingInOrg(db: DbOrTx, orgId: number, id: number): Promise<RecordingRow | undefined> {
  const [row] = await db.select().from(recording).where(inOrg(orgId, id));
  return row;
}

/** Sets the given columns of a recording (undefined ones are left as they are; nothing to set is a no-op). */
export async function updateRecording(
  db: DbOrTx,
  orgId: number,
  id: number,
  values: Partial<typeof recording.$inferInsert>,
): Promise<void> {
  const set = updateSet(values);
  if (!set) return;
  await db
    .update(recording)
    .set({ ...set, updatedAt: new Date() })
    .where(inOrg(orgId, id));
}

/** Rows as the list shows them: labels, the owner's name and formatted times. */
export async function presentRecordings(db: DbOrTx, orgId: number, rows: RecordingRow[]): Promise<Recording[]> {
  const owners = await orgUsersByIds(
    db,
    orgId,
    rows.flatMap((r) => (r.ownerUserId != null ? [r.ownerUserId] : [])),
  );
  return rows.map((r) => presentRow(r, (r.ownerUserId != null ? owners.get(r.ownerUserId)?.realName : null) ?? null));
}

export function presentRow(r: RecordingRow, ownerName: string | null): Recording {
  const seconds = Math.round(r.durationMs / 1000);
  return {
    id: r.id,
    recordId: r.id,
    fileName: r.fileName,
    ext: r.ext,
    size: r.size,
    hash: r.hash,
    durationMs: r.durationMs,
    duration: seconds,
    durationText: hms(seconds),
    channels: r.channels,
    sampleRate: r.sampleRate,
    source: r.source,
    sourceName: (RecordingSource as Record<number, string>)[r.source] ?? '--',
    callType: r.callType,
    callTypeName: (CallType as Record<number, string>)[r.callType] ?? '--',
    ownerUserId: r.ownerUserId,
    ownerName,
    clueId: r.clueId,
    clueName: null,
    phone: r.phone,
    callInfoId: r.callInfoId,
    callTime: formatDateTime(r.callTime),
    createdAt: formatDateTime(r.createdAt),
    asrStatus: r.asrStatus,
    asrStatusName: (AsrStatusLabel as Record<number, string>)[r.asrStatus],
    asrError: r.asrError,
    metricsStatus: r.metricsStatus,
    metricsStatusName: (MetricsStatusLabel as Record<number, string>)[r.metricsStatus],
    metricsError: r.metricsError,
    analysisStatus: r.analysisStatus,
    analysisStatusName: (AnalysisStatusLabel as Record<number, string>)[r.analysisStatus],
    talkRatio: r.metrics?.talkRatio ?? null,
    qualityScore: r.qualityScore,
    qualityRemark: r.qualityRemark,
  };
}

/** Seconds as HH:mm:ss. */
export function hms(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const mm = Math.floor((seconds % 3600) / 60);
  const ss = seconds % 60;
  return [h, mm, ss].map((v) => String(v).padStart(2, '0')).join(':');
}

/** The extension of a file name, lower case, '' when none. */
export function extOf(fileName: string): string {
  const m = fileName.toLowerCase().match(/\.([a-z0-9]+)$/);
  return m ? m[1] : '';
}
