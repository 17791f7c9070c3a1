import type { LabelMap } from './enums';

/** Status of a recording's transcription (the `asr` job) and of its audio metrics (the `audio-metrics` job). */
export const AsrStatus = { QUEUED: 1, RUNNING: 2, DONE: 3, FAILED: 4, NO_ENGINE: 5 } as const;
export const AsrStatusLabel = {
  1: '排队中',
  2: '识别中',
  3: '已完成',
  4: '失败',
  5: '未配置语音识别引擎',
} as const satisfies LabelMap;
export const MetricsStatusLabel = { 1: '排队中', 2: '分析中', 3: '已完成', 4: '失败' } as const satisfies LabelMap;

/** Analysis status of a recording (set by the analysis pipeline): 0 not analysed yet. */
export const AnalysisStatusLabel = {
  0: '未分析',
  1: '排队中',
  2: '分析中',
  3: '已完成',
  4: '失败',
} as const satisfies LabelMap;

/** Playback rates of the player (part 1, section 9). */
export const PLAYBACK_RATES = [0.75, 1.0, 1.25, 1.5, 2.0] as const;

/** Extensions the browser cannot play directly: transcoded once to mp3 (audio) or mp4 (.mov). */
export const TRANSCODE_TO_MP3 = ['wav', 'pcm', 'm4a', 'amr', 'wma', 'aac'] as const;
export const TRANSCODE_TO_MP4 = ['mov'] as const;
/** Every extension an upload may carry. */
export const AUDIO_EXTENSIONS = [
  'mp3',
  'wav',
  'pcm',
  'm4a',
  'amr',
  'wma',
  'aac',
  'ogg',
  'opus',
  'flac',
  'mov',
  'mp4',
  'webm',
] as const;

/** Speaker of a transcript segment and how the UI names it. */
export type Speaker = 'agent' | 'customer';
export const SpeakerLabel: Record<Speaker, string> = { agent: '销售', customer: '客户' };

/** The one JSON form of a transcript (DESIGN.md section 6). */
export interface TranscriptSegment {
  speaker: Speaker;
  startMs: number;
  endMs: number;
  text: string;
}
export interface Transcript {
  durationMs: number;
  segments: TranscriptSegment[];
}

/** Audio metrics from voice activity detection (no ASR needed). Times in ms; ratio of agent talk in 0..1. */
export interface AudioMetrics {
  durationMs: number;
  agentTalkMs: number;
  customerTalkMs: number;
  /** agent / (agent + customer); null when nobody spoke. */
  talkRatio: number | null;
  silenceMs: number;
  /** Silences of at least 3 s where neither side speaks. */
  silences: { startMs: number; endMs: number }[];
  longestMonologueMs: number;
  longestMonologueSpeaker: Speaker | null;
  /** Interruptions: one side starts while the other is speaking. */
  overlaps: { startMs: number; endMs: number; by: Speaker }[];
  overlapCount: number;
  /** false for mono recordings: talk time is not split by side. */
  perChannel: boolean;
  speech: { agent: [number, number][]; customer: [number, number][] };
}
