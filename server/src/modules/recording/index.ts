import type { Module } from '../../platform/context';
import { recordStageStatus } from './events';
import { recordingRoutes } from './routes';
import { seedRecordings } from './seed';
import { type RecordingService, recordingService } from './service';

declare module '../../platform/context' {
  interface Services {
    recording: RecordingService;
  }
}

export type { RecordingStored } from './events';

/** Recordings: upload (deduplicated, resumable), storage, binding, listing, export, playback. */
export const recordingModule: Module = {
  name: 'recording',
  setup(ctx) {
    ctx.services.recording = recordingService(ctx);
    recordingRoutes(ctx);
    recordStageStatus(ctx);
  },
  async seed(ctx, demo) {
    if (demo[0]) await seedRecordings(ctx, demo[0]);
  },
};

export { decodeChannels, withLocalFile, withTempDir } from './audio';
export { staleQueued, withLeads } from './listing';
export { mediaLink, resolveRecording, ticketOf } from './playback';
export {
  ownedCallsBetween,
  recordingCountsBySource,
  recordingFiles,
  recordingIdsWhere,
  recordingLeads,
  recordingsInState,
  uploadedCallRows,
  visibleRecordings,
} from './readModel';
export type { RecordingRow } from './rows';
export {
  findRecording,
  hms,
  ofVisibleRecording,
  presentRow,
  recordingInOrg,
  recordingScope,
  refuseSelfReview,
  updateRecording,
} from './rows';
export { canSpeak, type DemoTurn, speakDemoCall } from './seed';
export { uploadRecordings } from './upload';
