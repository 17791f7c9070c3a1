import type { Transcript } from '@crm/core';
import type { AppContext } from '../../platform/context';
import type { DomainEvents } from '../../platform/events';
import { updateRecording } from './rows';

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

const ofRecording = (p: { orgId: number; recordingId: number }) => `${p.orgId}:${p.recordingId}`;

/**
 * The recording's status columns (transcription, metrics, analysis) are the module's own: written here only, from the
 * stages' events, for its lists and filters.
 */
export function recordStageStatus(ctx: AppContext): void {
  ctx.events.on(
    'transcript.status',
    'recording.transcriptStatus',
    ({ orgId, recordingId, ...set }: DomainEvents['transcript.status']) =>
      updateRecording(ctx.db, orgId, recordingId, set),
    // transcription and metrics are two states of the recording, each told by its own events
    { latestBy: (p) => `${ofRecording(p)}:${p.asrStatus !== undefined ? 'asr' : 'metrics'}` },
  );
  ctx.events.on(
    'analysis.status',
    'recording.analysisStatus',
    ({ orgId, recordingId, status }) => updateRecording(ctx.db, orgId, recordingId, { analysisStatus: status }),
    { latestBy: ofRecording },
  );
}
