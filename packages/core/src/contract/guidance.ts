import { z } from 'zod';
import { backend } from './call';
import { AiAnalyzeBalance, CostPack, CostUsage, PackFilter, UsageFilter } from './costCenter';
import { codeField, dateTimeField, idField, optionalCode, optionalId, optionalText, pageOf, pageQuery } from './fields';

/**
 * /aiGuidance (AI 实时指导, 指导记录; plan.md F2 "real-time guidance") and the guidance account of
 * /organizationCostCenter. A guidance session takes a call's audio as two streams of 16-bit PCM over a WebSocket
 * (`AUDIO_PATH`: the microphone is the agent, the remote side the customer); each finished sentence is checked at
 * once and its cards reach the agent's browser over the push (`guidance_card`).
 */

/** The WebSocket of a session's audio, under the API: `?sessionId=&speaker=agent|customer&token=<access token>`. */
export const GUIDANCE_AUDIO_PATH = '/api/backend/aiGuidance/audio';

/** Guide types (plan.md F3): 1 phone live guide (the softphone), 2 online live guide (meeting audio shared). */
export const GUIDE_TYPES = [1, 2] as const;
export const GuideTypeName = { 1: '电话实时指导', 2: '线上会议指导' } as const;

/** 1 in progress, 2 ended by the agent, 3 ended because its audio stopped. */
export const GUIDANCE_STATUSES = [1, 2, 3] as const;
export const GuidanceStatusName = { 1: '进行中', 2: '已结束', 3: '断开结束' } as const;

/** What a card is: the answer to a customer's objection or question, the next SOP step, a warning on the agent. */
export const CARD_KINDS = ['answer', 'sop', 'warning'] as const;
export type CardKind = (typeof CARD_KINDS)[number];
export const CardKindName: Record<CardKind, string> = { answer: '应答建议', sop: 'SOP 提醒', warning: '违规预警' };

/** 0 shown, 1 used, 2 dismissed. */
export const CARD_STATES = [0, 1, 2] as const;
export const CardStateName = { 0: '已展示', 1: '已采用', 2: '已忽略' } as const;

export const SAMPLE_RATES = [8000, 16000] as const;

export const GuidanceSpeaker = z.enum(['agent', 'customer']);
export type GuidanceSpeaker = z.infer<typeof GuidanceSpeaker>;

/** Where a card's advice comes from: a knowledge passage or a reply from one of the organisation's best calls. */
export const CardSource = z.object({
  type: z.enum(['knowledge', 'call', 'sop', 'rule']),
  title: z.string(),
  text: z.string(),
  /** The passage id, the recording id, the SOP item id; null for a rule. */
  refId: z.number().nullable(),
});

export const GuidanceCard = z.object({
  id: z.number(),
  sessionId: z.number(),
  sentenceId: z.number(),
  kind: z.enum(CARD_KINDS),
  kindName: z.string(),
  title: z.string(),
  content: z.string(),
  /** The sentence that raised it. */
  sentence: z.string(),
  speaker: GuidanceSpeaker,
  sources: z.array(CardSource),
  state: z.number(),
  stateName: z.string(),
  createdAt: z.string(),
});
export type GuidanceCard = z.infer<typeof GuidanceCard>;

export const GuidanceSentence = z.object({
  id: z.number(),
  speaker: GuidanceSpeaker,
  text: z.string(),
  startMs: z.number(),
  endMs: z.number(),
  createdAt: z.string(),
});

/** What the audio WebSocket sends back: partial text to replace, finished sentences, and why it closes. */
export type AudioEvent =
  | { type: 'partial'; speaker: GuidanceSpeaker; text: string }
  | { type: 'sentence'; speaker: GuidanceSpeaker; id: number; text: string; startMs: number; endMs: number }
  | { type: 'error'; msg: string };

export const GuidanceRow = z.object({
  id: z.number(),
  userId: z.number(),
  userName: z.string().nullable(),
  guideType: z.number(),
  guideTypeName: z.string(),
  status: z.number(),
  statusName: z.string(),
  engine: z.string(),
  title: z.string().nullable(),
  callId: z.number().nullable(),
  clueId: z.number().nullable(),
  sentenceCount: z.number(),
  cardCount: z.number(),
  usedCount: z.number(),
  warningCount: z.number(),
  durationSeconds: z.number(),
  chargedMinutes: z.number(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});

export const SopProgress = z.object({
  ruleName: z.string().nullable(),
  items: z.array(z.object({ id: z.number(), name: z.string(), done: z.boolean() })),
});

export const GuidanceDetail = GuidanceRow.extend({
  sentences: z.array(GuidanceSentence),
  cards: z.array(GuidanceCard),
  sop: SopProgress,
});

/** Whether guidance can run: the engine (null: none configured, `notice` says so) and the balance. */
export const GuidanceStatus = z.object({
  engine: z.string().nullable(),
  notice: z.string().nullable(),
  /** Minutes left in the guidance packs; null when guidance is not metered. */
  balance: z.number().nullable(),
  /** Why a new session cannot start now (balance used up), else null. */
  exhausted: z.string().nullable(),
  audioPath: z.string(),
});

const sessionId = { sessionId: idField('指导会话') };

export const GuidanceFilter = z.object({
  ...pageQuery,
  userId: optionalId('指导人'),
  guideType: optionalCode('指导类型', GUIDE_TYPES),
  status: optionalCode('状态', GUIDANCE_STATUSES),
  startTime: dateTimeField,
  endTime: dateTimeField,
});

export const aiGuidance = {
  status: backend.post('/aiGuidance/status', '实时指导可用状态', { answer: GuidanceStatus }),
  start: backend.post('/aiGuidance/start', '开始实时指导', {
    body: z.object({
      guideType: codeField('指导类型', GUIDE_TYPES),
      /** Of the PCM the browser sends (default 16000). */
      sampleRate: optionalCode('采样率', SAMPLE_RATES),
      title: optionalText('指导标题', 50),
      /** The softphone's call record this session guides. */
      callId: optionalId('通话'),
      clueId: optionalId('客户'),
    }),
    answer: z.object({ sessionId: z.number(), engine: z.string(), audioPath: z.string(), sop: SopProgress }),
  }),
  end: backend.post('/aiGuidance/end', '结束实时指导', {
    body: z.object(sessionId),
    answer: z.object({ sessionId: z.number(), durationSeconds: z.number(), chargedMinutes: z.number() }),
  }),
  pagelist: backend.post('/aiGuidance/pagelist', '指导记录', { body: GuidanceFilter, answer: pageOf(GuidanceRow) }),
  detail: backend.post('/aiGuidance/detail', '指导记录详情', { body: z.object(sessionId), answer: GuidanceDetail }),
  markCard: backend.post('/aiGuidance/markCard', '标记指导卡片', {
    body: z.object({ cardId: idField('指导卡片'), state: codeField('卡片状态', [1, 2] as const) }),
    answer: z.object({ id: z.number(), state: z.number(), stateName: z.string() }),
  }),
};

export const GuidanceUsageSum = z.object({
  /** Minutes charged in the range. */
  units: z.number(),
  costFen: z.number(),
  /** Usage records in the range. */
  count: z.number(),
});

/** The guidance account of the cost centre (the same pack ledger as AI analysis, kind 'guidance'). */
export const guidanceCostCenter = {
  getRealTimeGuidanceBalance: backend.post('/organizationCostCenter/getRealTimeGuidanceBalance', '实时指导余额', {
    answer: AiAnalyzeBalance,
  }),
  aiGuidancePackDetailsPageList: backend.post(
    '/organizationCostCenter/aiGuidancePackDetailsPageList',
    '实时指导资源包列表',
    { body: PackFilter, answer: pageOf(CostPack) },
  ),
  getAiGuidanceRecordList: backend.post('/organizationCostCenter/getAiGuidanceRecordList', '实时指导使用记录', {
    body: UsageFilter,
    answer: pageOf(CostUsage),
  }),
  getAiGuidanceRecordListSum: backend.post('/organizationCostCenter/getAiGuidanceRecordListSum', '实时指导使用合计', {
    body: UsageFilter,
    answer: GuidanceUsageSum,
  }),
};
