import type { Transcript } from '@crm/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { updateRecording } from './rows';
import { recording } from './schema';

/** The events the recording module emits (platform/events.ts), and its consumers of the stages' events. */

export interface RecordingStored {
  orgId: number;
  recordingId: number;
  /** The transcript uploaded with the recording, if any. */
  transcript: Transcript | null;
}

declare module '../../platform/events' {
  interface DomainEvents {
    /** A recording was stored (uploaded, or fetched after a call): transcription follows. */
    'recording.stored': RecordingStored;
    /** Recordings were deleted: each module removes what it keeps of them. */
    'recording.deleted': { orgId: number; recordingIds: number[] };
  }
}

/**
 * The recording's status columns (transcription, metrics, analysis) are the module's own: written here only, from the
 * stages' events, in the stage's own transaction (the list shows 排队中 as soon as the stage has queued its job).
 */
export function recordStageStatus(ctx: AppContext): void {
  ctx.events.onInTransaction('transcript.status', async ({ tx }, payloads) => {
    for (const { orgId, recordingId, ...set } of payloads) await updateRecording(tx, orgId, recordingId, set);
  });
  ctx.events.onInTransaction('analysis.status', async ({ tx }, payloads) => {
    // a batch of re-analyses: one statement per organisation and status
    const groups = new Map<string, { orgId: number; status: number; ids: number[] }>();
    for (const { orgId, recordingId, status } of payloads) {
      const key = `${orgId}:${status}`;
      const group = groups.get(key) ?? { orgId, status, ids: [] };
      group.ids.push(recordingId);
      groups.set(key, group);
    }
    for (const { orgId, status, ids } of groups.values())
      await tx
        .update(recording)
        .set({ analysisStatus: status, updatedAt: new Date() })
        .where(and(eq(recording.organizationId, orgId), inArray(recording.id, ids)));
  });
}
