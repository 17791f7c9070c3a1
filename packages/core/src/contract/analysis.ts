import { z } from 'zod';
import { durationOutOfRange, MAX_FILTER_DURATION_SECONDS } from '../durationFilter';
import { analysis as analysisBase, CountAnswer, robot } from './call';
import {
  codeField,
  dateTimeField,
  idField,
  num,
  optionalCode,
  optionalId,
  optionalText,
  pageOf,
  pageQuery,
} from './fields';

/**
 * AI call analysis (spec plan group A): the call-analysis list and its export, the AI panel of a call, hand
 * corrections, re-analysis with progress, the filter sources (applications, department → user tree), threaded
 * comments on a call (/aiCallComment) under /api/analysis, and a lead's AI tags under /api/robot.
 */

/** A re-analysis batch: 1 running, 2 finished (every call done or failed). */
export const ReanalyseBatchState = { 1: '进行中', 2: '已完成' } as const;
/** Why an analysis waits: the organisation's AI analysis balance ran out. */
export const ANALYSIS_PAUSED_REASON = 'AI 分析余额不足，充值后将自动继续分析';
/** Performance flag bits (PerformanceFlag of enums.ts). */
export const PERFORMANCE_FLAG_BITS = [1, 2, 4] as const;
/** Most calls one re-analysis may queue (a date range beyond it is refused with a message). */
export const REANALYSE_LIMIT = 20_000;

const recordingId = idField('录音', { missing: '请选择录音', invalid: '录音不正确' });

/** One value or a list of codes, each one of `values`; blank is "not given". */
const codeList = <const T extends readonly [number, ...number[]]>(label: string, values: T) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : Array.isArray(v) ? v : [v]),
    z
      .array(codeField(label, values), { error: `${label}不正确` })
      .max(50, `${label}最多选择 50 项`)
      .optional(),
  );
/** One id or a list of ids; blank is "not given". */
const idFilter = (label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : Array.isArray(v) ? v : [v]),
    z
      .array(idField(label), { error: `${label}不正确` })
      .max(500, `${label}最多选择 500 个`)
      .optional(),
  );
/** Blank is "not given"; a trailing unit ('30秒') is stripped. */
const stripUnit = (v: unknown) =>
  v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? v.trim().replace(/\D$/, '') : v;
const durationBoundField = (label: string) =>
  z.preprocess(
    stripUnit,
    num(
      z
        .number({ error: `${label}请填写秒数` })
        .min(0, `${label}不能小于 0`)
        .max(MAX_FILTER_DURATION_SECONDS, durationOutOfRange(label))
        .optional(),
    ),
  );

const INTENTIONS = [1, 2, 3, 4, 5, 6] as const;
const AI_LABELS = [1, 2, 3, 4, 5] as const;
const CALL_TAGS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
const SOURCES = [1, 2, 3, 4, 5, 6] as const;
const ANALYSIS_STATUSES = [0, 1, 2, 3, 4] as const;

/** The filter of the call-analysis list and its export. Dates: presets are turned into startTime/endTime by the web. */
export const CallAnalysisFilter = z.object({
  ...pageQuery,
  /** Intention labels 1-6 (IntentionLabel). */
  intention: codeList('意向标签', INTENTIONS),
  /** AI labels 1-5 (AiLabel). */
  aiLabels: codeList('AI 标签', AI_LABELS),
  /** Call tags 1-10 (CallTag). */
  callTags: codeList('通话标签', CALL_TAGS),
  /** 1 with a violation, 2 without. */
  hasViolation: optionalCode('是否违规', [1, 2] as const),
  /** Calls that broke this rule (its name). */
  violationRule: optionalText('违规规则', 50),
  /** Performance flags: calls with any of these bits (1 语速过快, 2 说话过多, 4 辱骂客户). */
  flags: codeList('表现标记', PERFORMANCE_FLAG_BITS),
  /** A word among the call's keywords or in its transcript. */
  keyword: optionalText('关键词', 50),
  /** The organisation's own AI tags. */
  customTagIds: idFilter('自定义 AI 标签'),
  churnRiskMin: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    num(
      z
        .number({ error: '流失风险须为数字' })
        .int('流失风险须为整数')
        .min(0, '流失风险不能小于 0')
        .max(100, '流失风险不能大于 100')
        .optional(),
    ),
  ),
  /** 1 risk, 2 no risk. */
  risk: optionalCode('风险', [1, 2] as const),
  ownerUserIds: idFilter('员工'),
  /** The department and every department below it. */
  deptId: optionalId('部门'),
  clueId: optionalId('客户'),
  /** Call time, `YYYY-MM-DD HH:mm:ss`. */
  startTime: dateTimeField,
  endTime: dateTimeField,
  /** DURATION_LEVELS (0-7), or a custom range in seconds (durationMin / durationMax). */
  durationLevel: optionalCode('时长档位', [0, 1, 2, 3, 4, 5, 6, 7] as const),
  durationMin: durationBoundField('最短时长'),
  durationMax: durationBoundField('最长时长'),
  source: codeList('录音来源', SOURCES),
  callType: codeList('通话类型', SOURCES),
  /** 0 未分析, 1 排队中, 2 分析中, 3 已完成, 4 失败 (AnalysisStatusLabel). */
  analysisStatus: codeList('分析状态', ANALYSIS_STATUSES),
});
export type CallAnalysisFilter = z.infer<typeof CallAnalysisFilter>;

/** A code with its Chinese name. */
const Named = z.object({ value: z.number(), name: z.string() });

/** One row of the call-analysis list (and of its export): the effective values (a hand correction, else the machine's). */
export const CallAnalysisRow = z.object({
  recordingId: z.number(),
  fileName: z.string(),
  callTime: z.string().nullable(),
  durationMs: z.number(),
  /** HH:mm:ss */
  durationText: z.string(),
  source: z.number(),
  sourceName: z.string(),
  callType: z.number(),
  callTypeName: z.string(),
  phone: z.string().nullable(),
  clueId: z.number().nullable(),
  clueName: z.string().nullable(),
  ownerUserId: z.number().nullable(),
  ownerName: z.string().nullable(),
  deptId: z.number().nullable(),
  deptName: z.string().nullable(),
  analysisStatus: z.number(),
  analysisStatusName: z.string(),
  /** Waiting for the AI analysis balance (ANALYSIS_PAUSED_REASON). */
  paused: z.boolean(),
  intention: z.number().nullable(),
  intentionName: z.string().nullable(),
  intentionDegree: z.number().nullable(),
  aiLabels: z.array(Named),
  callTags: z.array(Named),
  customTags: z.array(z.object({ id: z.number(), name: z.string() })),
  churnRisk: z.number().nullable(),
  /** 1 是, 2 否; null before the analysis. */
  risk: z.number().nullable(),
  riskName: z.string().nullable(),
  /** Bit mask; flagNames names its bits. */
  flags: z.number(),
  flagNames: z.array(z.string()),
  keywords: z.array(z.string()),
  summary: z.string().nullable(),
  violationCount: z.number(),
  commentCount: z.number(),
  /** Some value was corrected by hand. */
  corrected: z.boolean(),
  analysedAt: z.string().nullable(),
});
export type CallAnalysisRow = z.infer<typeof CallAnalysisRow>;

const speaker = z.enum(['agent', 'customer']);

/** A sentence that supports a result: click to seek the audio to startMs; `match` is the words to highlight. */
export const Evidence = z.object({
  segment: z.number(),
  startMs: z.number(),
  endMs: z.number(),
  speaker,
  text: z.string(),
  match: z.string().optional(),
  /** The words that decided (a substring of text). */
  quote: z.string().optional(),
});
export type Evidence = z.infer<typeof Evidence>;

/** Which layer decided a label: the rules, the base learned model, the organisation's model, the LLM judge. */
export const DecisionLayerName = {
  rule: '规则',
  model: '模型',
  orgModel: '本机构模型',
  llm: '大模型',
  default: '默认',
  manual: '人工修正',
} as const;
export type DecisionLayer = keyof typeof DecisionLayerName;

/**
 * One decided label of a call with why: its deciding layer, its evidence, and for yes/no labels (potential
 * complaint, each violation, abuse, refusal) the score 0..1 and 待确认 (pending: shown, sends no AI message).
 */
export const DecidedLabel = z.object({
  /** 'intention', 'tag:<n>', 'aiLabel:<n>', 'complaint', 'abuse', 'refusal', 'violation:<rule>', 'nextStep'. */
  key: z.string(),
  /** What the label is: 意向, 通话标签, AI 标签, 潜在投诉, 辱骂客户, 明确拒绝, 违规, 下一步. */
  name: z.string(),
  /** Its value as shown: 强意向, 已关机, 是 …. */
  value: z.string(),
  layer: z.enum(['rule', 'model', 'orgModel', 'llm', 'default', 'manual']),
  layerName: z.string(),
  score: z.number().nullable(),
  pending: z.boolean(),
  evidence: z.array(Evidence),
});
export type DecidedLabel = z.infer<typeof DecidedLabel>;

export const ViolationHit = z.object({
  rule: z.string(),
  ruleId: z.number().optional(),
  /** The checker: 'word' forbidden words, 'regex', 'abuse'; later 'quality', 'sop'. */
  kind: z.string(),
  text: z.string(),
  segment: z.number(),
  startMs: z.number(),
  speaker,
});

export const ConversationFigures = z.object({
  durationMs: z.number(),
  agentTalkMs: z.number(),
  customerTalkMs: z.number(),
  agentTalkRatio: z.number().nullable(),
  longestMonologueMs: z.number(),
  longestMonologueSpeaker: speaker.nullable(),
  agentCharsPerMinute: z.number().nullable(),
  customerCharsPerMinute: z.number().nullable(),
  interruptions: z.number(),
  silencesOver3s: z.number(),
  longestSilenceMs: z.number(),
  agentQuestions: z.number(),
  customerQuestions: z.number(),
  agentTurns: z.number(),
  customerTurns: z.number(),
  /** -1 .. 1 */
  customerSentiment: z.number(),
  customerSentimentLabel: z.enum(['positive', 'neutral', 'negative']),
});
export type ConversationFigures = z.infer<typeof ConversationFigures>;

/** One side of the AI panel: the machine's result, or the effective one (corrections applied). */
export const AnalysisView = z.object({
  /** False: no conversation took place (carrier announcement, nobody answered). */
  conversation: z.boolean(),
  intention: z.number().nullable(),
  intentionName: z.string().nullable(),
  intentionDegree: z.number(),
  intentionEvidence: z.array(Evidence),
  callTags: z.array(Named.extend({ evidence: z.array(Evidence) })),
  aiLabels: z.array(Named),
  customTags: z.array(z.object({ id: z.number(), name: z.string(), evidence: z.array(Evidence) })),
  churnRisk: z.number().nullable(),
  churnEvidence: z.array(Evidence),
  potentialComplaint: z.boolean(),
  risk: z.boolean(),
  violations: z.array(ViolationHit),
  flags: z.number(),
  flagNames: z.array(z.string()),
  keywords: z.array(z.object({ word: z.string(), weight: z.number(), count: z.number(), hot: z.boolean() })),
  fields: z.array(z.object({ key: z.string(), name: z.string(), value: z.string(), evidence: z.array(Evidence) })),
  summary: z.string(),
  /** Every decided label with its layer, evidence, score and 待确认. */
  decisions: z.array(DecidedLabel),
  /** The speaker labels were found swapped (from the content) and read the right way round. */
  speakersSwapped: z.boolean(),
});
export type AnalysisView = z.infer<typeof AnalysisView>;

/** What was corrected by hand (null: not corrected, the machine's value stands). */
export const AnalysisCorrection = z.object({
  intention: z.number().nullable(),
  callTags: z.array(z.number()).nullable(),
  aiLabels: z.array(z.number()).nullable(),
  customTagIds: z.array(z.number()).nullable(),
  summary: z.string().nullable(),
  /** AI field key → value. */
  fields: z.record(z.string(), z.string()).nullable(),
  /** 潜在投诉 set by hand. */
  complaint: z.boolean().nullable(),
  /** The violations (rule names) a person kept; the others were dismissed. */
  violations: z.array(z.string()).nullable(),
  updatedBy: z.number().nullable(),
  updatedByName: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type AnalysisCorrection = z.infer<typeof AnalysisCorrection>;

/** One entry of a call's analysis history: 'quote_rejected' (the LLM quoted words the call does not hold). */
export const AnalysisHistoryItem = z.object({
  at: z.string().nullable(),
  kind: z.string(),
  text: z.string(),
  /** The label the quote was given for, the segment it named and the quote. */
  label: z.string().nullable(),
  segment: z.number().nullable(),
  quote: z.string().nullable(),
});
export type AnalysisHistoryItem = z.infer<typeof AnalysisHistoryItem>;

/** The organisation's learned model: how many corrections it learned from; reset brings back the base model. */
export const OrgModelState = z.object({
  learnedFrom: z.number(),
  updatedAt: z.string().nullable(),
  resetAt: z.string().nullable(),
});
export type OrgModelState = z.infer<typeof OrgModelState>;

/** The AI panel of a call. `effective` and `machine` are null until the call has been analysed. */
export const CallAnalysisDetail = z.object({
  recordingId: z.number(),
  clueId: z.number().nullable(),
  ownerUserId: z.number().nullable(),
  ownerName: z.string().nullable(),
  analysisStatus: z.number(),
  analysisStatusName: z.string(),
  /** Why the analysis failed (status 4). */
  error: z.string().nullable(),
  paused: z.boolean(),
  /** ANALYSIS_PAUSED_REASON while paused. */
  pausedReason: z.string().nullable(),
  /** The LLM step failed: the built-in result stands; this says why. */
  llmError: z.string().nullable(),
  /** 内置分析 or the LLM's name / model. */
  modelName: z.string().nullable(),
  /** How many analyses of this call have run. */
  version: z.number(),
  analysedAt: z.string().nullable(),
  effective: AnalysisView.nullable(),
  machine: AnalysisView.nullable(),
  correction: AnalysisCorrection.nullable(),
  figures: ConversationFigures.nullable(),
  /** May correct (function sign analysis:correct; false with a share ticket). */
  canCorrect: z.boolean(),
  /** How many corrections the organisation's model has learned from (0: the base model). */
  orgModelLearnedFrom: z.number(),
  /** What happened on the way (a quote of the LLM's not found in the call, rejected), newest first. */
  history: z.array(AnalysisHistoryItem),
});
export type CallAnalysisDetail = z.infer<typeof CallAnalysisDetail>;

/**
 * A hand correction: a field absent is left as it is; null clears that correction (the machine's value shows
 * again); a value replaces it.
 */
export const CallAnalysisUpdate = z.object({
  recordingId,
  intention: z.preprocess((v) => (v === '' ? null : v), codeField('意向标签', INTENTIONS).nullable().optional()),
  callTags: z.array(codeField('通话标签', CALL_TAGS), { error: '通话标签不正确' }).max(10).nullable().optional(),
  aiLabels: z.array(codeField('AI 标签', AI_LABELS), { error: 'AI 标签不正确' }).max(5).nullable().optional(),
  customTagIds: z
    .array(idField('自定义 AI 标签'), { error: '自定义 AI 标签不正确' })
    .max(200, '自定义 AI 标签最多 200 个')
    .nullable()
    .optional(),
  summary: z.string({ error: '摘要须为文本' }).trim().max(2000, '摘要最多 2000 个字').nullable().optional(),
  fields: z
    .record(
      z.string().min(1, 'AI 字段不正确').max(64, 'AI 字段不正确'),
      z.string({ error: 'AI 字段值须为文本' }).trim().max(500, 'AI 字段值最多 500 个字'),
      { error: 'AI 字段不正确' },
    )
    .nullable()
    .optional(),
  /** 潜在投诉: true or false; null clears the correction. */
  complaint: z.boolean({ error: '潜在投诉须为是或否' }).nullable().optional(),
  /** The violations the call really has (rule names among the machine's); the others are dismissed. */
  violations: z
    .array(z.string({ error: '违规规则不正确' }).trim().min(1, '违规规则不正确').max(50, '违规规则不正确'), {
      error: '违规规则不正确',
    })
    .max(50, '违规规则最多 50 条')
    .nullable()
    .optional(),
});

/** Re-analyse: one call (recordingId), a selection (ids), or every call with a transcript in a date range. */
export const ReanalyseRequest = z
  .object({
    recordingId: recordingId.optional(),
    ids: z
      .array(idField('录音'), { error: '请选择录音' })
      .min(1, '请至少选择一条录音')
      .max(1000, '一次最多 1000 条')
      .optional(),
    startTime: dateTimeField,
    endTime: dateTimeField,
  })
  .refine((b) => b.recordingId !== undefined || b.ids !== undefined || (b.startTime && b.endTime), {
    message: '请选择要重新分析的通话或时间范围',
  });

export const ReanalyseBatch = z.object({
  batchId: z.number(),
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  /** ReanalyseBatchState: 1 进行中, 2 已完成. */
  state: z.number(),
  stateName: z.string(),
  /** Calls waiting for the AI analysis balance. */
  paused: z.number(),
  createdAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ReanalyseBatch = z.infer<typeof ReanalyseBatch>;

/** A recording source (1-6) with its name and how many calls of the caller's scope came from it. */
export const Application = z.object({ source: z.number(), name: z.string(), count: z.number() });

/** A node of the department → user tree: departments hold departments and users; key is `d<id>` or `u<id>`. */
export interface DeptUserNode {
  key: string;
  id: number;
  type: 'dept' | 'user';
  name: string;
  children: DeptUserNode[];
}
export const DeptUserNode: z.ZodType<DeptUserNode> = z
  .lazy(() =>
    z.object({
      key: z.string(),
      id: z.number(),
      type: z.enum(['dept', 'user']),
      name: z.string(),
      children: z.array(DeptUserNode),
    }),
  )
  .meta({ id: 'DeptUserNode' });

/** A comment on a call: author, id, ref (the comment it answers), text. */
export const CallComment = z.object({
  id: z.number(),
  recordingId: z.number(),
  ref: z.number().nullable(),
  /** The author of the comment answered (ref). */
  refAuthorName: z.string().nullable(),
  text: z.string(),
  authorId: z.number(),
  authorName: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type CallComment = z.infer<typeof CallComment>;
/** A top comment with every reply below it (any depth), oldest first. */
export const CommentThread = CallComment.extend({ replies: z.array(CallComment) });

/** An AI tag found on a lead by the analysis of one of its calls. */
export const ClueAiTag = z.object({
  id: z.number(),
  clueId: z.number(),
  /** 'label': AI label 1-5; 'custom': one of the organisation's AI tags. */
  kind: z.enum(['label', 'custom']),
  tagId: z.number(),
  tagName: z.string(),
  recordingId: z.number().nullable(),
  callTime: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type ClueAiTag = z.infer<typeof ClueAiTag>;

const callDetailQuery = z.object({
  recordId: recordingId.optional(),
  id: recordingId.optional(),
  maskId: z.string().max(200).optional(),
  token: z.string().optional(),
});

export const analysis = {
  list: analysisBase.post('/asr/V1/callAnalysisPageList', '通话分析列表', {
    body: CallAnalysisFilter,
    answer: pageOf(CallAnalysisRow),
  }),
  /** The filtered list (or the selected `ids`) as 通话分析.xlsx. */
  export: analysisBase.post('/asr/V1/callAnalysisExport', '导出通话分析列表（xlsx）', {
    body: CallAnalysisFilter.extend({ ids: idFilter('录音') }),
  }),
  /** The AI panel: `?recordId=` (or `?id=`) with a session, or `?maskId=` (share ticket) without one. */
  detail: analysisBase.get('/asr/V1/getCallAnalysis', '通话 AI 分析结果（含依据、人工修正、状态）', {
    query: callDetailQuery,
    answer: CallAnalysisDetail,
  }),
  update: analysisBase.post('/asr/V1/updateCallAnalysis', '人工修正通话 AI 分析结果', {
    body: CallAnalysisUpdate,
    answer: CallAnalysisDetail,
  }),
  orgModel: analysisBase.post('/asr/V1/orgModel', '本机构模型（已学习的修正条数）', { answer: OrgModelState }),
  resetOrgModel: analysisBase.post('/asr/V1/orgModel/reset', '重置本机构模型（恢复基础模型）', {
    answer: OrgModelState,
  }),
  reanalyse: analysisBase.post('/asr/V1/reAnalyze', '重新分析（单条、所选或时间范围）', {
    body: ReanalyseRequest,
    answer: ReanalyseBatch,
  }),
  reanalyseProgress: analysisBase.post('/asr/V1/reAnalyzeProgress', '重新分析进度', {
    body: z.object({
      batchId: idField('批次', { missing: '请传入批次', invalid: '批次不正确' }),
    }),
    answer: ReanalyseBatch,
  }),
  applications: analysisBase.post('/asr/V1/applicationAll', '录音来源（应用）列表及通话数', {
    answer: z.array(Application),
  }),
  deptUserTree: analysisBase.post('/asr/V1/getOrganizationDeptUserTreeV2', '部门-员工树（数据权限内）', {
    answer: z.array(DeptUserNode),
  }),
  addComment: analysisBase.post('/aiCallComment/addComment', '评论通话（可回复）', {
    body: z.object({
      recordingId,
      text: z.string({ error: '请输入评论内容' }).trim().min(1, '请输入评论内容').max(1000, '评论最多 1000 个字'),
      ref: optionalId('回复的评论'),
    }),
    answer: CallComment,
  }),
  comments: analysisBase.post('/aiCallComment/list', '通话评论（按主题）', {
    body: z.object({ recordingId }),
    answer: z.array(CommentThread),
  }),
  clueAiTags: robot.post('/clue/aiTag/listByClue', '客户的 AI 标签', {
    body: z.object({
      clueId: idField('客户', { missing: '请选择客户', invalid: '客户不正确' }),
    }),
    answer: z.array(ClueAiTag),
  }),
  removeClueAiTag: robot.post('/clue/aiTag/remove', '移除客户的 AI 标签', {
    body: z.object({ id: idField('AI 标签', { missing: '请选择 AI 标签', invalid: 'AI 标签不正确' }) }),
    answer: CountAnswer,
  }),
};
