import { z } from 'zod';
import { backend, IdAnswer } from './call';
import {
  codeField,
  dateTimeField,
  idField,
  intField,
  keywordField,
  operatorTarget,
  optionalCode,
  optionalId,
  optionalText,
  pageOf,
  pageQuery,
} from './fields';
import { Quota } from './practice';

/**
 * The speech assistant (话术助手, /speechAssistant/index) and its records (话术记录, /speechAssistant/record), under
 * /api/backend. 7.2 names "/hkzs AI chat" only; the calls are named here (plan.md F2).
 */

/** AI speech types (plan.md F3), in the order the page offers them. */
export const SPEECH_TYPES = [4, 1, 3, 2] as const;
export type SpeechType = (typeof SPEECH_TYPES)[number];
export const SpeechTypeName = { 4: '帮你谈', 1: '帮你回', 3: '润色', 2: '开场白' } as const;
export const SpeechTypeHint = {
  4: '根据客户说的话，给出推进成交的谈法',
  1: '根据客户说的话，给出可以直接回复的话',
  3: '把你要说的话改得更专业、更有说服力',
  2: '根据客户信息生成开场白',
} as const;

/** Where one suggestion came from. */
export const SUGGESTION_SOURCES = ['llm', 'call', 'script', 'rule'] as const;
export type SuggestionSource = (typeof SUGGESTION_SOURCES)[number];
export const SuggestionSourceName: Record<SuggestionSource, string> = {
  llm: '大模型生成',
  call: '优秀通话',
  script: '机构话术',
  rule: '内置改写',
};

/** A rating of a suggestion: 1 有用, 2 没用 (0: not rated). */
export const SUGGESTION_RATINGS = [1, 2] as const;
export const SuggestionRatingName = { 0: '未评价', 1: '有用', 2: '没用' } as const;

export const AUDIO_FORMATS = ['webm', 'ogg', 'wav', 'mp3', 'm4a'] as const;

export const AssistantInput = z
  .object({
    type: codeField('话术类型', SPEECH_TYPES),
    /** What the customer said (帮你谈, 帮你回), the seat's own sentence (润色), or notes on the customer (开场白). */
    text: optionalText('内容', 500),
    /** A moment of a call: the recording and the index of one of its transcript's sentences. */
    recordingId: optionalId('通话录音'),
    segmentIndex: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      intField('句子序号', 0, 100_000).optional(),
    ),
    /** The customer (lead) the seat is talking to: its name, company and stage feed the answer. */
    clueId: optionalId('客户'),
  })
  .superRefine((v, ctx) => {
    const moment = v.recordingId !== undefined && v.segmentIndex !== undefined;
    if (v.segmentIndex !== undefined && v.recordingId === undefined)
      ctx.addIssue({ code: 'custom', path: ['recordingId'], message: '请选择通话录音' });
    if (v.text || moment) return;
    if (v.type === 2 && v.clueId) return;
    ctx.addIssue({
      code: 'custom',
      path: ['text'],
      message:
        v.type === 3
          ? '请输入要润色的话术'
          : v.type === 2
            ? '请选择客户或输入客户情况'
            : '请输入客户说的话或选择通话中的一句',
    });
  });

export const Suggestion = z.object({
  id: z.number(),
  text: z.string(),
  source: z.enum(SUGGESTION_SOURCES),
  sourceName: z.string(),
  /** Where it came from, in words: the call (date, seat, outcome), the script item, the rewrite rules, the model. */
  origin: z.string(),
  /** The call it was said in (source call). */
  recordingId: z.number().nullable(),
  /** What the customer said before it in that call (source call). */
  customerSaid: z.string().nullable(),
  score: z.number(),
  rating: z.number(),
  copies: z.number(),
});

export const AssistantAnswer = z.object({
  id: z.number(),
  type: z.number(),
  typeName: z.string(),
  /** The sentence answered (typed, transcribed or picked from the call). */
  query: z.string(),
  /** llm: written by the organisation's model; builtin: retrieved and rewritten without a model. */
  engine: z.enum(['llm', 'builtin']),
  modelName: z.string().nullable(),
  /** Why the model's answer was not used (the built-in answered instead), when a model is set. */
  fallbackReason: z.string().nullable(),
  /** What the built-in did, in plain words (shown under the answer). */
  note: z.string(),
  elapsedMs: z.number(),
  suggestions: z.array(Suggestion),
});

export const AssistantRecord = AssistantAnswer.extend({
  userId: z.number(),
  realName: z.string().nullable(),
  recordingId: z.number().nullable(),
  clueId: z.number().nullable(),
  createdAt: z.string().nullable(),
});

export const AssistantHistoryFilter = z.object({
  ...pageQuery,
  type: optionalCode('话术类型', SPEECH_TYPES),
  keyword: keywordField,
  startTime: dateTimeField,
  endTime: dateTimeField,
  /** Managers: one user's records (others see their own). */
  userId: optionalId('使用人'),
});

export const AssistantUsage = z.object({
  /** YYYY-MM (Shanghai). */
  month: z.string(),
  /** The organisation's uses this month. */
  orgUses: z.number(),
  /** The session user's uses this month. */
  myUses: z.number(),
});

const suggestionId = z.object({ id: idField('建议') });

/** One line of /hkzs/chatStream (NDJSON): the model's text as it comes, a fallback with its reason, the answer. */
export const AssistantEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('fallback'), reason: z.string() }),
  z.object({ type: z.literal('done'), answer: AssistantAnswer }),
  z.object({ type: z.literal('error'), msg: z.string() }),
]);
export type AssistantEvent = z.infer<typeof AssistantEvent>;

export const assistant = {
  chat: backend.post('/hkzs/chat', '话术助手：生成建议（帮你谈、帮你回、润色、开场白）', {
    body: AssistantInput,
    answer: AssistantAnswer,
  }),
  /** The same answer streamed as NDJSON lines of AssistantEvent (the page shows the model's text arriving). */
  chatStream: backend.post('/hkzs/chatStream', '话术助手：流式生成建议', { body: AssistantInput }),
  history: backend.post('/hkzs/history', '话术记录（本人；管理员看全部）', {
    body: AssistantHistoryFilter,
    answer: pageOf(AssistantRecord),
  }),
  export: backend.post('/hkzs/export', '导出话术记录（.xlsx）', { body: AssistantHistoryFilter }),
  rate: backend.post('/hkzs/rate', '评价一条建议（有用 / 没用）', {
    body: suggestionId.extend({ rating: codeField('评价', SUGGESTION_RATINGS) }),
    answer: z.object({ id: z.number(), rating: z.number() }),
  }),
  copy: backend.post('/hkzs/copy', '复制一条建议（计数）', {
    body: suggestionId,
    answer: z.object({ id: z.number(), copies: z.number() }),
  }),
  transcribe: backend.post('/hkzs/transcribe', '话术助手：语音转文字', {
    body: z.object({
      format: z.enum(AUDIO_FORMATS, {
        error: `音频格式只能是 ${AUDIO_FORMATS.map((f) => f.toUpperCase()).join('、')}`,
      }),
      /** The recording, base64 (at most about 60 s of speech). */
      audio: z
        .string({ error: '请录音' })
        .min(16, '录音太短')
        .max(4_000_000, '录音过长（最多 60 秒）')
        .regex(/^[A-Za-z0-9+/=\s]+$/, '录音数据不正确'),
    }),
    answer: z.object({ text: z.string() }),
  }),
  usage: backend.post('/hkzs/usage', '话术助手本月使用次数', { answer: AssistantUsage }),
  /** The assistant's Quota: answers (次) in packs, the monthly quotas of the company and of each user, their usage. */
  quota: backend.post('/hkzs/quota', '话术助手额度', { answer: Quota }),
  setQuota: backend.post('/hkzs/setQuota', '设置话术助手额度', {
    body: z.object({
      companyMonthlyQuota: intField('公司每月额度', 0, 10_000_000, ' 次'),
      userMonthlyQuota: intField('每人每月额度', 0, 1_000_000, ' 次'),
    }),
    answer: Quota,
  }),
  addPack: backend.post('/hkzs/addPack', '赠送话术助手次数包', {
    body: z.object({
      ...operatorTarget,
      units: intField('次数', 1, 10_000_000, ' 次'),
      days: intField('有效期', 1, 3660, ' 天'),
    }),
    answer: IdAnswer,
    operator: true,
  }),
};
