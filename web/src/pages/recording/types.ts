import type { AudioMetrics, TranscriptSegment } from '@crm/core';

export interface RecordingItem {
  id: number;
  recordId: number;
  fileName: string;
  ext: string;
  size: number;
  durationMs: number;
  duration: number;
  durationText: string;
  channels: number;
  source: number;
  sourceName: string;
  callType: number;
  callTypeName: string;
  ownerUserId: number | null;
  ownerName: string | null;
  clueId: number | null;
  phone: string | null;
  callTime: string | null;
  createdAt: string;
  asrStatus: number;
  asrStatusName: string;
  asrError: string | null;
  metricsStatus: number;
  metricsStatusName: string;
  metricsError: string | null;
  analysisStatus: number;
  analysisStatusName: string;
  talkRatio: number | null;
  qualityScore: number | null;
  qualityRemark: string | null;
}

export interface AsrDetail extends RecordingItem {
  engine: string | null;
  rolesSwapped: boolean;
  transcript: { durationMs: number; segments: TranscriptSegment[] } | null;
  text: string;
  metrics: AudioMetrics | null;
  playUrl: string;
}

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
