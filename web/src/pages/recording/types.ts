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
