import type { Module } from '../../platform/context';
import { recordingRoutes } from './routes';
import { seedRecordings } from './seed';
import { type RecordingService, recordingService } from './service';

declare module '../../platform/context' {
  interface Services {
    recording: RecordingService;
  }
}

/** Recordings: upload (deduplicated, resumable), storage, binding, listing, export, playback. */
export const recordingModule: Module = {
  name: 'recording',
  setup(ctx) {
    ctx.services.recording = recordingService(ctx);
    recordingRoutes(ctx);
  },
  async seed(ctx, demo) {
    if (demo[0]) await seedRecordings(ctx, demo[0]);
  },
};

export { decodeChannels, withLocalFile } from './audio';
export { staleQueued } from './listing';
export { resolveRecording } from './playback';
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
