import type { RecordingRow } from '../recording';

/** The events the transcription stage emits (platform/events.ts). */
declare module '../../platform/events' {
  interface DomainEvents {
    /** A recording's transcript was saved (uploaded, transcribed or its roles swapped); `savedAt` tells it apart. */
    'transcript.saved': { orgId: number; recordingId: number; savedAt: number };
    /** The recording's transcription and metrics columns as the stage left them (only the ones given). */
    'transcript.status': {
      orgId: number;
      recordingId: number;
      asrStatus?: number;
      asrError?: string | null;
      metricsStatus?: number;
      metricsError?: string | null;
      metrics?: RecordingRow['metrics'];
    };
  }
}
