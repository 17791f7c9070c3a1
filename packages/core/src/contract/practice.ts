import { z } from 'zod';
import { backend, CountAnswer, IdAnswer } from './call';
import {
  dateTimeField,
  idField,
  idList,
  intField,
  keywordField,
  nameField,
  operatorTarget,
  optionalCode,
  optionalId,
  optionalText,
  pageOf,
  pageQuery,
} from './fields';

/**
 * AI role-play practice (AI 陪练, spec plan F): practice scripts (/chatScript) and practice sessions
 * (/chatScriptTrainingSession) under /api/backend, and the practice Quota. The spec names start, end, heartbeat,
 * review, getTempSecret and pagelist; say, voice, progress, quota and setQuota are named here in their style.
 */

export const PRACTICE_STAGES = ['opening', 'needs', 'product', 'price', 'objection', 'close'] as const;
export type PracticeStage = (typeof PRACTICE_STAGES)[number];
export const PracticeStageName: Record<PracticeStage, string> = {
  opening: '开场',
  needs: '需求挖掘',
  product: '产品介绍',
  price: '价格沟通',
  objection: '异议处理',
  close: '促成成交',
};

/** Session status: 1 进行中, 2 已结束 (by the seat), 3 超时结束 (no heartbeat). */
export const PRACTICE_STATUSES = [1, 2, 3] as const;
export const PracticeStatusName = { 1: '进行中', 2: '已结束', 3: '超时结束' } as const;

/** Who answered as the customer: the organisation's model, or the built-in engine (its own calls or the script). */
export const PracticeSourceName = { llm: '大模型', builtin: '内置引擎', script: '脚本异议' } as const;

const words = (label: string, max: number) =>
  z
    .array(z.string().trim().min(1, `${label}不能为空`).max(50, `${label}每项最多 50 个字`), {
      error: `${label}不正确`,
    })
    .max(max, `${label}最多 ${max} 项`)
    .default([]);

const stageField = z.enum(PRACTICE_STAGES, {
  error: '阶段只能是 开场、需求挖掘、产品介绍、价格沟通、异议处理、促成成交',
});

export const Persona = z.object({
  industry: nameField('客户行业', 50),
  needs: optionalText('客户需求', 500),
  budget: optionalText('预算', 100),
  character: optionalText('客户性格', 200),
  /** Hidden objections the customer raises when the seat reaches price, objection or close. */
  objections: words('隐藏异议', 20),
});

export const ScoringPoint = z
  .object({
    name: nameField('评分点名称', 50),
    stage: stageField,
    /** The organisation's SOP item this point is judged by (the same matcher as real calls). */
    sopItemId: optionalId('SOP 话术节点').nullable(),
    /** Extra keywords of the point (used with or without an SOP item). */
    keywords: words('关键词', 30),
    score: intField('分值', 1, 100),
  })
  .refine((p) => p.sopItemId || p.keywords.length, {
    message: '评分点须关联 SOP 话术节点或填写关键词',
    path: ['keywords'],
  });

export const ChatScriptInput = z.object({
  name: nameField('脚本名称', 50),
  description: optionalText('脚本说明', 500),
  persona: Persona,
  stages: z
    .array(stageField, { error: '请选择对话阶段' })
    .min(1, '请至少选择一个对话阶段')
    .max(6, '对话阶段最多 6 个')
    .refine((s) => new Set(s).size === s.length, '对话阶段不能重复'),
  scoringPoints: z
    .array(ScoringPoint, { error: '请填写评分点' })
    .min(1, '请至少添加一个评分点')
    .max(30, '评分点最多 30 个'),
  forbiddenWords: words('禁用词', 100),
  passScore: intField('及格线', 0, 100),
  status: optionalCode('状态', [1, 2] as const),
});

export const ChatScript = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  persona: z.object({
    industry: z.string(),
    needs: z.string().nullable().optional(),
    budget: z.string().nullable().optional(),
    character: z.string().nullable().optional(),
    objections: z.array(z.string()),
  }),
  stages: z.array(z.string()),
  scoringPoints: z.array(
    z.object({
      name: z.string(),
      stage: z.string(),
      sopItemId: z.number().nullable().optional(),
      sopItemName: z.string().nullable().optional(),
      keywords: z.array(z.string()),
      score: z.number(),
    }),
  ),
  forbiddenWords: z.array(z.string()),
  passScore: z.number(),
  totalScore: z.number(),
  status: z.number(),
  createdBy: z.number(),
  createdByName: z.string().nullable(),
  sessionCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const sessionId = { sessionId: idField('陪练会话') };

export const PracticeTurn = z.object({
  seq: z.number(),
  speaker: z.enum(['agent', 'customer']),
  text: z.string(),
  stage: z.string().nullable(),
  /** For the customer's lines: llm, builtin (a sentence of the organisation's calls) or script (the persona). */
  source: z.string().nullable(),
  /** Why the model was not used for this line (the built-in engine answered instead). */
  fallback: z.string().nullable(),
  /** The recording the built-in sentence came from. */
  recordingId: z.number().nullable(),
  via: z.number(),
  at: z.string(),
});

export const Quota = z.object({
  /** Units left in the packs in force (null: this use is not metered on this installation). */
  balance: z.number().nullable(),
  companyMonthlyQuota: z.number(),
  companyMonthlyUsageAmount: z.number(),
  companyTotalQuota: z.number(),
  companyTotalUsageAmount: z.number(),
  intervalExpireDate: z.string().nullable(),
  userMonthlyQuota: z.number(),
  userMonthlyUsageAmount: z.number(),
  /** What the figures count: 分钟 (practice), 次 (the speech assistant's answers). */
  unit: z.string(),
  /** The price in fen of one unit of a pack bought from the organisation's balance. */
  packPriceFen: z.number(),
  /** Why a new session would be refused now (null: it may start). */
  exhausted: z.string().nullable(),
});
export type Quota = z.infer<typeof Quota>;

export const StartAnswer = z.object({
  sessionId: z.number(),
  engine: z.enum(['llm', 'builtin']),
  heartbeatSeconds: z.number(),
  timeoutSeconds: z.number(),
  /** The customer's first line. */
  opening: PracticeTurn,
  /** The organisation has no analysed calls: the built-in customer speaks from the script's persona only. */
  notice: z.string().nullable(),
  quota: Quota,
});

export const SayInput = z.object({
  ...sessionId,
  text: z.string({ error: '请输入要说的话' }).trim().min(1, '请输入要说的话').max(500, '一次最多说 500 个字'),
  /** 1 typed, 2 spoken (recognised by the ASR engine). */
  via: optionalCode('输入方式', [1, 2] as const),
});

/** One line of the `say` stream (NDJSON): pieces of the customer's line, then the line as stored. */
export const SayEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('fallback'), reason: z.string() }),
  z.object({ type: z.literal('done'), agent: PracticeTurn, customer: PracticeTurn }),
  z.object({ type: z.literal('error'), msg: z.string() }),
]);
export type SayEvent = z.infer<typeof SayEvent>;

export const PointResult = z.object({
  name: z.string(),
  stage: z.string(),
  stageName: z.string(),
  score: z.number(),
  earned: z.number(),
  hit: z.boolean(),
  how: z.string().nullable(),
  /** The seat's sentence that earned the point. */
  evidence: z.string().nullable(),
  /** What to say instead (the SOP item's example or the point's keywords), for a point missed. */
  suggestion: z.string().nullable(),
});

export const Review = z.object({
  sessionId: z.number(),
  scriptId: z.number(),
  scriptName: z.string(),
  userId: z.number(),
  userName: z.string().nullable(),
  status: z.number(),
  statusName: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  durationSeconds: z.number(),
  totalScore: z.number(),
  fullScore: z.number(),
  passScore: z.number(),
  passed: z.boolean(),
  points: z.array(PointResult),
  stages: z.array(
    z.object({ stage: z.string(), stageName: z.string(), score: z.number(), earned: z.number(), reached: z.boolean() }),
  ),
  /** Forbidden words said, each with the sentence: every one takes 5 points. */
  forbidden: z.array(z.object({ word: z.string(), sentence: z.string(), penalty: z.number() })),
  turns: z.array(PracticeTurn),
});

export const SessionRow = z.object({
  id: z.number(),
  scriptId: z.number(),
  scriptName: z.string(),
  userId: z.number(),
  userName: z.string().nullable(),
  status: z.number(),
  statusName: z.string(),
  engine: z.string(),
  totalScore: z.number().nullable(),
  passScore: z.number(),
  passed: z.boolean().nullable(),
  turnCount: z.number(),
  durationSeconds: z.number(),
  chargedMinutes: z.number(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});

export const SessionFilter = z.object({
  ...pageQuery,
  scriptId: optionalId('陪练脚本'),
  userId: optionalId('陪练人'),
  status: optionalCode('状态', PRACTICE_STATUSES),
  passed: optionalCode('是否及格', [1, 2] as const),
  startTime: dateTimeField,
  endTime: dateTimeField,
});

export const chatScript = {
  pagelist: backend.post('/chatScript/pagelist', '陪练脚本列表', {
    body: z.object({ ...pageQuery, keyword: keywordField, status: optionalCode('状态', [1, 2] as const) }),
    answer: pageOf(ChatScript),
  }),
  save: backend.post('/chatScript/save', '新增陪练脚本', { body: ChatScriptInput, answer: IdAnswer }),
  update: backend.post('/chatScript/update', '修改陪练脚本', {
    body: ChatScriptInput.extend({ id: idField('陪练脚本') }),
    answer: IdAnswer,
  }),
  delete: backend.post('/chatScript/delete', '删除陪练脚本', {
    body: z.object({ ids: idList('陪练脚本') }),
    answer: CountAnswer,
  }),
  /** The organisation's enabled SOP rules' items, to link scoring points to. */
  sopItems: backend.post('/chatScript/sopItems', '可关联的 SOP 话术节点', {
    answer: z.array(z.object({ id: z.number(), name: z.string(), ruleId: z.number(), ruleName: z.string() })),
  }),
  detail: backend.post('/chatScript/detail', '陪练脚本详情', {
    body: z.object({ id: idField('陪练脚本') }),
    answer: ChatScript,
  }),
};

export const chatScriptTrainingSession = {
  start: backend.post('/chatScriptTrainingSession/start', '开始陪练', {
    body: z.object({ scriptId: idField('陪练脚本') }),
    answer: StartAnswer,
  }),
  /** The customer's answer to what the seat said, streamed as NDJSON lines of SayEvent. */
  say: backend.post('/chatScriptTrainingSession/say', '陪练对话', { body: SayInput }),
  heartbeat: backend.post('/chatScriptTrainingSession/heartbeat', '陪练心跳', {
    body: z.object(sessionId),
    answer: z.object({ status: z.number(), remainingSeconds: z.number() }),
  }),
  end: backend.post('/chatScriptTrainingSession/end', '结束陪练', {
    body: z.object(sessionId),
    answer: z.object({ sessionId: z.number(), totalScore: z.number(), passed: z.boolean() }),
  }),
  review: backend.post('/chatScriptTrainingSession/review', '陪练点评', { body: z.object(sessionId), answer: Review }),
  getTempSecret: backend.post('/chatScriptTrainingSession/getTempSecret', '语音通道临时凭证', {
    body: z.object(sessionId),
    answer: z.object({ secret: z.string(), expiresAt: z.string(), path: z.string() }),
  }),
  /**
   * What the seat said aloud (a multipart `file`: the browser's recording), recognised by the organisation's ASR
   * engine. Authorised by the getTempSecret credential (no session token): the voice channel only.
   */
  voice: backend.post('/chatScriptTrainingSession/voice', '陪练语音识别', {
    query: z.object({ secret: z.string({ error: '缺少语音凭证' }).min(1, '缺少语音凭证').max(500, '语音凭证不正确') }),
    answer: z.object({ text: z.string() }),
  }),
  pagelist: backend.post('/chatScriptTrainingSession/pagelist', '陪练记录', {
    body: SessionFilter,
    answer: pageOf(SessionRow),
  }),
  progress: backend.post('/chatScriptTrainingSession/progress', '陪练成长曲线', {
    body: z.object({ userId: optionalId('陪练人'), scriptId: optionalId('陪练脚本') }),
    answer: z.array(
      z.object({
        userId: z.number(),
        userName: z.string().nullable(),
        points: z.array(z.object({ sessionId: z.number(), at: z.string(), score: z.number(), passed: z.boolean() })),
      }),
    ),
  }),
  quota: backend.post('/chatScriptTrainingSession/quota', '陪练额度', { answer: Quota }),
  setQuota: backend.post('/chatScriptTrainingSession/setQuota', '设置陪练额度', {
    body: z.object({
      companyMonthlyQuota: intField('公司每月额度', 0, 1_000_000, ' 分钟'),
      userMonthlyQuota: intField('每人每月额度', 0, 100_000, ' 分钟'),
    }),
    answer: Quota,
  }),
  addPack: backend.post('/chatScriptTrainingSession/addPack', '赠送陪练时长包', {
    body: z.object({
      ...operatorTarget,
      units: intField('分钟数', 1, 1_000_000, ' 分钟'),
      days: intField('有效期', 1, 3660, ' 天'),
    }),
    answer: IdAnswer,
    operator: true,
  }),
};
