import type { CallAnswer, contract } from '@crm/core/contract';
import type { RowOf } from '../../api/hooks';

/** A recording of the list (contract.recording.list). */
export type RecordingItem = RowOf<typeof contract.recording.list>;

/** What the call detail shows (contract.asr.getAsrText). */
export type CallDetail = CallAnswer<typeof contract.asr.getAsrText>;

export const ASR_STATUS_COLOR: Record<number, string> = {
  1: 'default',
  2: 'processing',
  3: 'success',
  4: 'error',
  5: 'warning',
};

/** What a salesperson is told when no speech engine is set up (the admin's /recordTesting shows the technical detail). */
export const NO_ENGINE_HINT = '请联系管理员配置语音识别引擎';

/** A transcription error for the user: a message naming environment variables (ASR_ENGINE …) becomes NO_ENGINE_HINT. */
export const asrErrorText = (msg: string | null | undefined): string =>
  msg && /\bASR_[A-Z0-9_]+/.test(msg) ? NO_ENGINE_HINT : (msg ?? '');

/** Still being transcribed or analysed: the list and the call detail refresh themselves. */
export const isPending = (r: { asrStatus: number; metricsStatus: number }) => r.asrStatus <= 2 || r.metricsStatus <= 2;
