import { z } from 'zod';
import { analysis, backend, CountAnswer, IdAnswer, robot } from './call';
import { ClueFilter } from './clue';
import { codeField, idField, intField, nameField, num, optionalCode, optionalId, pageOf, pageQuery } from './fields';

/**
 * AI customer insight (spec plan group B): a customer's AI communication briefing over all of its calls, AI label
 * scores and risks, the AI customer lists, the AI-written follow-up (写跟进), insight across the organisation, topics
 * to track, and business reminders with their settings.
 */

/** What a briefing point or a mention is about. */
export const MENTION_KINDS = [
  'need',
  'budget',
  'decisionMaker',
  'objection',
  'promise',
  'competitor',
  'nextStep',
  'question',
] as const;
export type MentionKind = (typeof MENTION_KINDS)[number];
export const MentionKindName: Record<MentionKind, string> = {
  need: '需求',
  budget: '预算',
  decisionMaker: '决策人',
  objection: '异议',
  promise: '承诺',
  competitor: '竞品',
  nextStep: '下一步',
  question: '问题',
};

/** Business reminder signals. */
export const REMINDER_SIGNALS = ['strongNoFollow', 'churnRose', 'promiseDue', 'calledBack', 'competitor'] as const;
export type ReminderSignal = (typeof REMINDER_SIGNALS)[number];
export const ReminderSignalName: Record<ReminderSignal, string> = {
  strongNoFollow: '强意向未跟进',
  churnRose: '流失风险上升',
  promiseDue: '承诺今日到期',
  calledBack: '客户回电',
  competitor: '提及竞品',
};
/** A reminder's state: 0 to do, 1 done, 2 ignored. */
export const ReminderStatusName = { 0: '待处理', 1: '已处理', 2: '已忽略' } as const;
/** msgType of each signal's pushed message (the AI types of the spec where one fits; all carry clueInfo: popup). */
export const ReminderMsgType: Record<ReminderSignal, string> = {
  strongNoFollow: 'ai_intention_degree',
  churnRose: 'ai_churn_risk',
  promiseDue: 'clue_remind',
  calledBack: 'clue_remind',
  competitor: 'ai_keyword',
};

const clueIdField = idField('客户');
const recordIdField = idField('通话');
const ClueOnly = z.object({ clueId: clueIdField });
const ClueQuery = z.object({ clueId: clueIdField });

/** The call and sentence a point came from; the web opens /callDetail at it. */
export const Cite = z.object({
  recordingId: z.number(),
  callTime: z.string().nullable(),
  segment: z.number(),
  startMs: z.number(),
  speaker: z.string(),
  sentence: z.string(),
});
export type Cite = z.infer<typeof Cite>;

export const BriefingPoint = z.object({
  text: z.string(),
  /** For an objection: how the agent answered it; for a promise: who promised (agent / customer) and when it is due. */
  answer: z.string().nullable().optional(),
  side: z.string().nullable().optional(),
  dueOn: z.string().nullable().optional(),
  cites: z.array(Cite),
});
export type BriefingPoint = z.infer<typeof BriefingPoint>;

export const TrendPoint = z.object({
  recordingId: z.number(),
  callTime: z.string().nullable(),
  value: z.number().nullable(),
  name: z.string().nullable(),
});
/** up (rising), down, flat, or none (fewer than two calls). */
export const TrendDirection = z.enum(['up', 'down', 'flat', 'none']);

export const Briefing = z.object({
  clueId: z.number(),
  /** Analysed calls the briefing is built from. */
  callCount: z.number(),
  /** extractive (built-in) or llm. */
  source: z.enum(['extractive', 'llm', 'empty']),
  modelName: z.string().nullable(),
  /** Why the model's briefing was not used (the extractive one is shown). */
  llmError: z.string().nullable(),
  builtAt: z.string().nullable(),
  lastCallTime: z.string().nullable(),
  summary: z.string(),
  intention: z.object({
    latest: z.number().nullable(),
    latestName: z.string().nullable(),
    degree: z.number().nullable(),
    direction: TrendDirection,
    trend: z.array(TrendPoint),
  }),
  churn: z.object({ latest: z.number().nullable(), direction: TrendDirection, trend: z.array(TrendPoint) }),
  needs: z.array(BriefingPoint),
  budget: z.array(BriefingPoint),
  decisionMakers: z.array(BriefingPoint),
  objections: z.array(BriefingPoint),
  promises: z.array(BriefingPoint),
  competitors: z.array(BriefingPoint),
  nextSteps: z.array(BriefingPoint),
});
export type Briefing = z.infer<typeof Briefing>;
export const BRIEFING_SECTIONS = [
  'needs',
  'budget',
  'decisionMakers',
  'objections',
  'promises',
  'competitors',
  'nextSteps',
] as const;
export type BriefingSection = (typeof BRIEFING_SECTIONS)[number];
export const BriefingSectionName: Record<BriefingSection, string> = {
  needs: '客户需求',
  budget: '预算',
  decisionMakers: '决策人',
  objections: '异议与应对',
  promises: '双方承诺',
  competitors: '提及竞品',
  nextSteps: '下一步',
};

export const LabelScore = z.object({ label: z.number(), labelName: z.string(), score: z.number(), calls: z.number() });
export const RiskItem = z.object({
  recordingId: z.number(),
  callTime: z.string().nullable(),
  churnRisk: z.number().nullable(),
  reasons: z.array(z.string()),
  evidence: z.array(Cite),
});

/** A row of the AI customer lists: the lead with its AI profile. */
export const AiCustomerRow = z.object({
  clueId: z.number(),
  name: z.string(),
  company: z.string(),
  phone: z.string(),
  ownerId: z.number().nullable(),
  ownerName: z.string().nullable(),
  stage: z.number(),
  stageName: z.string(),
  callCount: z.number(),
  lastCallTime: z.string().nullable(),
  intention: z.number().nullable(),
  intentionName: z.string().nullable(),
  intentionDegree: z.number().nullable(),
  churnRisk: z.number().nullable(),
  churnDirection: TrendDirection,
  labelScores: z.array(LabelScore),
  topScore: z.number(),
  summary: z.string(),
  nextStep: z.string().nullable(),
  lastFollowTime: z.string().nullable(),
});
export const AI_SORTS = ['intention', 'churnRisk', 'labelScore', 'stage', 'lastCallTime'] as const;
export const AiCustomerFilter = ClueFilter.extend({
  ...pageQuery,
  intention: z
    .array(num(z.number().int().min(1).max(6)), { error: '意向标签不正确' })
    .max(6)
    .optional(),
  churnRiskMin: num(z.number().int().min(0, '流失风险不能小于 0').max(100, '流失风险不能大于 100').optional()),
  label: optionalCode('AI 标签', [1, 2, 3, 4, 5] as const),
  labelScoreMin: num(z.number().int().min(0, '标签分不能小于 0').max(100, '标签分不能大于 100').optional()),
  aiSort: z.enum(AI_SORTS, { error: '排序只能是意向、流失风险、标签分、阶段或最近通话' }).optional(),
});

export const FollowDraft = z.object({
  recordingId: z.number(),
  clueId: z.number().nullable(),
  content: z.string(),
  nextFollowTime: z.string().nullable(),
  source: z.enum(['extractive', 'llm']),
});

// ---------- organisation insight and topics ----------

const ymd = z.string({ error: '日期格式应为 YYYY-MM-DD' }).regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');
export const InsightFilter = z
  .object({
    startDate: ymd,
    endDate: ymd,
    deptId: optionalId('部门'),
    stage: optionalCode('客户阶段', [1, 2, 3, 4, 5, 6, 7, 8, 9] as const),
    top: num(z.number().int().min(1, '条数不能小于 1').max(50, '条数不能大于 50').default(10)),
  })
  .refine((f) => f.startDate <= f.endDate, { message: '开始日期不能晚于结束日期', path: ['endDate'] })
  .refine((f) => Date.parse(f.endDate) - Date.parse(f.startDate) <= 366 * 86_400_000, {
    message: '时间范围最多一年',
    path: ['endDate'],
  });

export const InsightItem = z.object({
  label: z.string(),
  count: z.number(),
  /** Mentions per day over the period. */
  trend: z.array(z.number()),
  examples: z.array(Cite),
});
export const Insights = z.object({
  days: z.array(z.string()),
  calls: z.number(),
  customers: z.number(),
  strongIntention: z.number(),
  highChurn: z.number(),
  callsPerDay: z.array(z.number()),
  needs: z.array(InsightItem),
  objections: z.array(InsightItem),
  competitors: z.array(InsightItem),
  questions: z.array(InsightItem),
});

const topicWord = z.string().trim().min(1, '关键词不能为空').max(20, '关键词最多 20 个字');
export const TopicInput = z.object({
  id: optionalId('话题'),
  name: nameField('话题名称', 30),
  words: z.array(topicWord, { error: '请输入关键词' }).min(1, '请至少输入一个关键词').max(30, '关键词最多 30 个'),
  examples: z
    .array(z.string().trim().min(1, '例句不能为空').max(100, '例句最多 100 个字'))
    .max(10, '例句最多 10 条')
    .default([]),
});
export const Topic = z.object({
  id: z.number(),
  name: z.string(),
  words: z.array(z.string()),
  examples: z.array(z.string()),
  createUserName: z.string().nullable(),
  createTime: z.string().nullable(),
});
const topicId = z.object({ id: idField('话题') });
const TopicRange = z
  .object({ id: idField('话题'), startDate: ymd, endDate: ymd })
  .refine((f) => f.startDate <= f.endDate && Date.parse(f.endDate) - Date.parse(f.startDate) <= 366 * 86_400_000, {
    message: '时间范围不正确（最多一年）',
    path: ['endDate'],
  });
export const TopicHit = z.object({
  recordingId: z.number(),
  callTime: z.string().nullable(),
  ownerName: z.string().nullable(),
  clueId: z.number().nullable(),
  clueName: z.string().nullable(),
  words: z.array(z.string()),
  sentence: z.string(),
  segment: z.number(),
  startMs: z.number(),
});

// ---------- reminders ----------

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为 HH:mm');
export const ReminderSetting = z.object({
  signals: z.array(z.enum(REMINDER_SIGNALS, { error: '提醒类型不正确' })).max(REMINDER_SIGNALS.length),
  noFollowHours: intField('未跟进时长', 1, 720, ' 小时'),
  churnRiseMin: intField('流失风险上升幅度', 1, 100),
  /** 1 the owner, 2 the owner and the owner's managers. */
  remindWho: codeField('提醒对象', [1, 2] as const),
  quietEnabled: z.boolean(),
  quietStart: hhmm,
  quietEnd: hhmm,
});
export type ReminderSetting = z.infer<typeof ReminderSetting>;
export const Reminder = z.object({
  id: z.number(),
  signal: z.string(),
  signalName: z.string(),
  title: z.string(),
  content: z.string(),
  clueId: z.number(),
  clueName: z.string(),
  company: z.string(),
  recordingId: z.number().nullable(),
  startMs: z.number().nullable(),
  status: z.number(),
  statusName: z.string(),
  remindTime: z.string().nullable(),
  delivered: z.boolean(),
  createTime: z.string().nullable(),
});
export const ReminderFilter = z.object({
  ...pageQuery,
  status: optionalCode('处理状态', [0, 1, 2] as const),
  signal: z.preprocess((v) => (v === '' ? undefined : v), z.enum(REMINDER_SIGNALS).optional()),
});

export const insight = {
  // analysis base (/api/analysis): the customer's AI results
  briefing: analysis.post('/asr/V1/getAiCommBriefing', 'AI 沟通摘要（客户全部通话）', {
    body: ClueOnly,
    answer: Briefing,
  }),
  briefingIframe: analysis.post('/api/clue/getAiCommBriefing', 'AI 沟通摘要（iframe）', {
    body: ClueOnly,
    answer: Briefing,
  }),
  customerInfo: analysis.post('/asr/V1/getCustomerInfoByClueIdNew', '客户信息及最新 AI 结果', {
    body: ClueOnly,
    answer: AiCustomerRow,
  }),
  customerInfoIframe: analysis.post('/api/clue/getCustomerInfoByClueIdNew', '客户信息及最新 AI 结果（iframe）', {
    body: ClueOnly,
    answer: AiCustomerRow,
  }),
  riskList: analysis.post('/asr/V1/getRiskListByClueId', '客户通话中的风险', {
    body: ClueOnly,
    answer: z.array(RiskItem),
  }),
  riskListIframe: analysis.post('/api/clue/getRiskListByClueId', '客户通话中的风险（iframe）', {
    body: ClueOnly,
    answer: z.array(RiskItem),
  }),
  labelScore: analysis.post('/asr/V1/getClueLabelScore', '客户的 AI 标签分', {
    body: ClueOnly,
    answer: z.array(LabelScore),
  }),
  labelScorePage: analysis.post('/asr/V1/labelScorePage', '按 AI 标签分排序的客户', {
    body: AiCustomerFilter,
    answer: pageOf(AiCustomerRow),
  }),
  aiSaleDetail: analysis.get('/clue/V1/getAiSaleDetail', 'AI 销售详情（建议、下一步）', {
    query: ClueQuery,
    answer: z.object({
      advice: z.array(z.string()),
      nextSteps: z.array(BriefingPoint),
      promises: z.array(BriefingPoint),
    }),
  }),
  // robot base: AI customer lists, the briefing's rebuild, organisation insight, reminders
  aiCluePage: robot.post('/clue/aiClue/pagelist', 'AI 客户管理列表', {
    body: AiCustomerFilter,
    answer: pageOf(AiCustomerRow),
  }),
  aiClueBriefing: analysis.post('/clue/aiClue/getAiCommBriefing', 'AI 沟通摘要', { body: ClueOnly, answer: Briefing }),
  refreshBriefing: robot.post('/clue/aiClue/refreshBriefing', '重新生成客户的 AI 沟通摘要', {
    body: ClueOnly,
    answer: Briefing,
  }),
  insights: robot.post('/clue/aiClue/getInsights', '客户洞察（需求、异议、竞品、问题）', {
    body: InsightFilter,
    answer: Insights,
  }),
  aiSalePage: robot.post('/clue/aiSale/pagelist', 'AI 客户分析列表', {
    body: AiCustomerFilter,
    answer: pageOf(AiCustomerRow),
  }),
  reminders: robot.post('/clue/airecommend/pagelist', 'AI 商机提醒列表', {
    body: ReminderFilter,
    answer: pageOf(Reminder).extend({ todo: z.number() }),
  }),
  handleReminder: robot.post('/clue/airecommend/handle', '处理商机提醒（完成或忽略）', {
    body: z.object({
      ids: z.array(idField('提醒')).min(1, '请选择提醒').max(500),
      status: codeField('处理结果', [1, 2] as const),
    }),
    answer: CountAnswer,
  }),
  getReminderSetting: robot.post('/clue/airecommend/getSetting', 'AI 提醒设置', { answer: ReminderSetting }),
  saveReminderSetting: robot.post('/clue/airecommend/saveSetting', '保存 AI 提醒设置', {
    body: ReminderSetting,
    answer: ReminderSetting,
  }),
  // backend base: AI follow-up and topics
  remarkGenerate: backend.post('/aiRemark/generate', 'AI 写跟进（根据通话分析生成跟进草稿）', {
    body: z.object({ recordingId: recordIdField }),
    answer: FollowDraft,
  }),
  remarkSave: backend.post('/aiRemark/save', '保存 AI 跟进为跟进记录', {
    body: z.object({
      recordingId: recordIdField,
      content: z
        .string({ error: '请输入跟进内容' })
        .trim()
        .min(1, '请输入跟进内容')
        .max(2000, '跟进内容最多 2000 个字'),
      nextFollowTime: z.string().max(19).nullish(),
    }),
    answer: IdAnswer,
  }),
  topicList: backend.post('/topic/list', '话题列表', { answer: z.array(Topic) }),
  topicSave: backend.post('/topic/save', '保存话题', { body: TopicInput, answer: IdAnswer }),
  topicDelete: backend.post('/topic/delete', '删除话题', { body: topicId, answer: IdAnswer }),
  topicTrend: backend.post('/topic/trend', '话题提及趋势', {
    body: TopicRange,
    answer: z.object({ days: z.array(z.string()), counts: z.array(z.number()), calls: z.number() }),
  }),
  topicHitPage: backend.post('/topic/hitPage', '提及话题的通话', {
    body: z.object({ ...pageQuery, id: idField('话题'), startDate: ymd, endDate: ymd }),
    answer: pageOf(TopicHit),
  }),
};
