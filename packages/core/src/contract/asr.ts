import { z } from 'zod';
import { analysis, backend, robot } from './call';
import { INT4_MAX, idField, num, pageOf, pageQuery } from './fields';
import { Recording } from './recording';

/**
 * Speech-to-text (spec part 2: 7.2 /asrRecord and /asrConfig under /api/backend; 7.4 /recording/v1 ASR create, get,
 * text, role, rerun under /api/robot; 7.5 /asr/V1/getAsrText and its messaging variants under /api/analysis). The
 * calls the spec names only in words are named here in the style of their siblings.
 */

const id = idField('录音', { missing: '请选择录音', invalid: '编号必须是正整数' });
const recordingId = z.object({ id });

const speaker = z.enum(['agent', 'customer']);

/** One sentence of a transcript (DESIGN.md section 6). */
export const TranscriptSegment = z.object({
  speaker,
  startMs: z.number(),
  endMs: z.number(),
  text: z.string(),
});

/** The one JSON form of a transcript (DESIGN.md section 6). */
export const Transcript = z.object({ durationMs: z.number(), segments: z.array(TranscriptSegment) });

const span = z.object({ startMs: z.number(), endMs: z.number() });
const interval = z.tuple([z.number(), z.number()]);

/** Audio metrics from voice activity detection (AudioMetrics of @crm/core): times in ms, the agent's talk ratio 0..1. */
export const AudioMetrics = z.object({
  durationMs: z.number(),
  agentTalkMs: z.number(),
  customerTalkMs: z.number(),
  talkRatio: z.number().nullable(),
  silenceMs: z.number(),
  silences: z.array(span),
  longestMonologueMs: z.number(),
  longestMonologueSpeaker: speaker.nullable(),
  overlaps: z.array(span.extend({ by: speaker })),
  overlapCount: z.number(),
  perChannel: z.boolean(),
  speech: z.object({ agent: z.array(interval), customer: z.array(interval) }),
});

/** Where a recording's transcription and metrics stand (ASR create, rerun). */
export const AsrState = Recording.pick({
  recordId: true,
  asrStatus: true,
  asrStatusName: true,
  asrError: true,
  metricsStatus: true,
});

/** A recording with its transcript and metrics: what the call detail shows (ASR get). */
export const AsrDetail = Recording.extend({
  /** The engine that made the transcript, or 'upload' when it came with the recording. */
  engine: z.string().nullable(),
  rolesSwapped: z.boolean(),
  transcript: Transcript.nullable(),
  /** Plain text, one line per sentence (销售：… / 客户：…). */
  text: z.string(),
  metrics: AudioMetrics.nullable(),
});

/** The call detail page's answer: AsrDetail and where to play the recording. */
export const CallDetail = AsrDetail.extend({ playUrl: z.string() });
export type CallDetail = z.infer<typeof CallDetail>;

/** One transcription run (engine, audio length, time taken, error). */
export const AsrRun = z.object({
  id: z.number(),
  organizationId: z.number(),
  recordingId: z.number(),
  engine: z.string(),
  /** AsrStatus: 3 done, 4 failed, 5 no engine. */
  status: z.number(),
  statusName: z.string(),
  audioMs: z.number(),
  elapsedMs: z.number(),
  /** Real-time factor: time taken / audio length. */
  rtf: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string().nullable(),
});

/** The organisation's hot words and the engine's status. */
export const AsrConfig = z.object({
  hotWords: z.array(z.string()),
  engine: z.string().nullable(),
  configured: z.boolean(),
  message: z.string(),
  detail: z.string().nullable(),
  /** Administrators without an engine: the page where speech settings (hot words) are kept; null for others. */
  settingsPath: z.string().nullable().optional(),
});

/** The call detail: by recording id with a session, or by share ticket (maskId) without one. */
const callDetailQuery = z.object({
  recordId: id.optional(),
  id: id.optional(),
  maskId: z.string().optional(),
  token: z.string().optional(),
});

/** getAsrText and its messaging variants answer the same transcript form for a recording id. */
const callDetail = (path: string) =>
  analysis.get(path, '通话转写文本（通话详情）', { query: callDetailQuery, answer: CallDetail });

export const asr = {
  /** Starts transcription of a recording without a transcript. */
  create: robot.post('/recording/v1/asrCreate', '语音识别：创建', { body: recordingId, answer: AsrState }),
  get: robot.post('/recording/v1/asrGet', '语音识别：结果', { body: recordingId, answer: AsrDetail }),
  text: robot.post('/recording/v1/asrText', '语音识别：文本', {
    body: recordingId,
    answer: z.object({ recordId: z.number(), asrStatus: z.number(), text: z.string() }),
  }),
  swapRole: robot.post('/recording/v1/asrRole', '语音识别：互换销售与客户', {
    body: recordingId,
    answer: z.object({ recordId: z.number(), rolesSwapped: z.boolean(), segments: z.array(TranscriptSegment) }),
  }),
  rerun: robot.post('/recording/v1/asrRerun', '语音识别：重新识别', {
    body: z.object({
      id,
      what: z.enum(['asr', 'metrics', 'all'], { error: '重新识别内容只能是语音识别、通话指标或全部' }).default('asr'),
    }),
    answer: AsrState,
  }),
  runs: backend.post('/asrRecord/pagelist', '语音识别记录', {
    body: z.object({
      ...pageQuery,
      recordingId: num(z.number().int().positive().max(INT4_MAX, '录音不正确').optional()),
      status: num(z.number().int().min(0, '识别状态为 1-5').max(5, '识别状态为 1-5').optional()),
    }),
    answer: pageOf(AsrRun),
  }),
  getConfig: backend.post('/asrConfig/get', '语音识别设置：热词与引擎状态', { answer: AsrConfig }),
  saveConfig: backend.post('/asrConfig/save', '语音识别设置：保存热词', {
    body: z.object({
      hotWords: z.array(z.string().max(20, 'hotWords：单个热词最多 20 个字'), {
        error: '请传入热词列表',
      }),
    }),
    answer: z.object({ hotWords: z.array(z.string()) }),
  }),
  getAsrText: callDetail('/asr/V1/getAsrText'),
  getAsrTextForWechatType: callDetail('/asr/V1/getAsrTextForWechatType'),
  getAsrTextForPersonalWechat: callDetail('/asr/V1/getAsrTextForPersonalWechat'),
};
