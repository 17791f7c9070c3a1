import { z } from 'zod';
import { backend, IdAnswer } from './call';
import {
  dateTimeField,
  idField,
  idList,
  intField,
  keywordField,
  nameField,
  optionalCode,
  optionalId,
  optionalText,
  pageOf,
  pageQuery,
} from './fields';

/**
 * Quality inspection (spec plan group C, issue "Human review"): samples of calls drawn for reviewers, the reviewers'
 * scores and comments, the seats' appeals against a score, the managers' decisions, and every change in the call's
 * history. Under /api/backend /aiCallCheck, beside the machine checks of contract/quality.ts.
 */

/** `random`: a share of each seat's calls of the range; `rule`: calls whose machine score is low or that failed. */
export const SAMPLE_MODES = ['random', 'rule'] as const;
export type SampleMode = (typeof SAMPLE_MODES)[number];
export const SampleModeName: Record<SampleMode, string> = { random: '随机抽样', rule: '规则抽样' };

/** An appeal: 1 pending, 2 accepted (the score changed), 3 rejected. */
export const APPEAL_STATUSES = [1, 2, 3] as const;
export const AppealStatusName = { 1: '待处理', 2: '已通过', 3: '已驳回' } as const;

/** What a history row records. `machine` rows come from the machine checks. */
export const REVIEW_EVENTS = ['machine', 'review', 'manual', 'appeal', 'accept', 'reject'] as const;
export type ReviewEvent = (typeof REVIEW_EVENTS)[number];
export const ReviewEventName: Record<ReviewEvent, string> = {
  machine: '机器质检',
  review: '人工复核',
  manual: '手动评分',
  appeal: '提交申诉',
  accept: '申诉通过',
  reject: '申诉驳回',
};

/** msgType of the messages of human review (reviewed, appeal created, appeal decided). */
export const QUALITY_REVIEW_MSG_TYPE = 'quality_review';

/** A sample draws from at most this many days of calls. */
export const MAX_SAMPLE_DAYS = 93;

const requiredTime = (label: string) => dateTimeField.pipe(z.date({ error: `请选择${label}` }));
const scoreField = (label: string) => intField(label, 0, 100, ' 分');
const recordingId = idField('录音');

export const SampleCreate = z
  .object({
    name: nameField('抽样名称', 50),
    startTime: requiredTime('开始时间'),
    endTime: requiredTime('结束时间'),
    mode: z.enum(SAMPLE_MODES, { error: '抽样方式只能是随机抽样或规则抽样' }),
    /** random: the share of each seat's calls, in percent. */
    percent: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      intField('抽样比例', 1, 100, '%').optional(),
    ),
    /** rule: calls whose machine score is below this (calls that did not pass are always drawn). */
    maxScore: z.preprocess((v) => (v === '' || v === null ? undefined : v), scoreField('分数线').optional()),
    reviewerIds: idList('复核人'),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'random' && v.percent === undefined)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: '请输入抽样比例' });
    if (v.startTime && v.endTime && v.endTime < v.startTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: '结束时间不能早于开始时间' });
    else if (v.startTime && v.endTime && v.endTime.getTime() - v.startTime.getTime() > MAX_SAMPLE_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: `抽样时间范围最多 ${MAX_SAMPLE_DAYS} 天` });
  });

export const SampleFilter = z.object({
  ...pageQuery,
  keyword: keywordField,
  mode: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(SAMPLE_MODES, { error: '抽样方式只能是随机抽样或规则抽样' }).optional(),
  ),
});

export const Sample = z.object({
  id: z.number(),
  name: z.string(),
  mode: z.enum(SAMPLE_MODES),
  modeName: z.string(),
  percent: z.number().nullable(),
  maxScore: z.number().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  reviewerIds: z.array(z.number()),
  reviewerNames: z.array(z.string()),
  /** Calls drawn, calls reviewed since the draw, and reviewed / total in percent (0 for an empty sample). */
  total: z.number(),
  reviewed: z.number(),
  progress: z.number(),
  createdBy: z.number().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string().nullable(),
});

export const SampleCalls = z.object({
  ...pageQuery,
  id: idField('抽样'),
  /** 1 not reviewed yet, 2 reviewed. */
  reviewState: optionalCode('复核状态', [1, 2] as const),
  ownerUserId: optionalId('员工'),
});

export const SampleCall = z.object({
  recordingId: z.number(),
  fileName: z.string().nullable(),
  ownerUserId: z.number().nullable(),
  ownerName: z.string().nullable(),
  callTime: z.string().nullable(),
  durationMs: z.number().nullable(),
  /** The machine score when the call was drawn (null: not machine-checked). */
  machineScore: z.number().nullable(),
  passed: z.boolean().nullable(),
  reviewed: z.boolean(),
  reviewScore: z.number().nullable(),
  reviewComment: z.string().nullable(),
  reviewerId: z.number().nullable(),
  reviewerName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** The call's latest appeal, if any. */
  appealStatus: z.number().nullable(),
  appealStatusName: z.string().nullable(),
});

export const ReviewInput = z.object({
  recordingId,
  score: scoreField('复核分数'),
  comment: optionalText('复核评语', 500),
});

export const ReviewAnswer = z.object({ id: z.number(), recordingId: z.number(), score: z.number() });

const reasonField = z
  .string({ error: '请输入申诉理由' })
  .trim()
  .min(1, '请输入申诉理由')
  .max(500, '申诉理由最多 500 个字');

export const AppealCreate = z.object({ recordingId, reason: reasonField });

export const AppealFilter = z.object({
  ...pageQuery,
  status: optionalCode('申诉状态', APPEAL_STATUSES),
  ownerUserId: optionalId('员工'),
  recordingId: optionalId('录音'),
  startTime: dateTimeField,
  endTime: dateTimeField,
});

export const Appeal = z.object({
  id: z.number(),
  recordingId: z.number(),
  fileName: z.string().nullable(),
  ownerUserId: z.number(),
  ownerName: z.string().nullable(),
  reason: z.string(),
  /** The reviewed score appealed against, and the score set when the appeal was accepted. */
  originalScore: z.number(),
  newScore: z.number().nullable(),
  status: z.number(),
  statusName: z.string(),
  decisionComment: z.string().nullable(),
  decidedBy: z.number().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string().nullable(),
});

export const AppealDecision = z
  .object({
    id: idField('申诉'),
    accept: z.boolean({ error: '是否通过须为是或否' }),
    /** The new score, required when accepting. */
    score: z.preprocess((v) => (v === '' || v === null ? undefined : v), scoreField('改判分数').optional()),
    comment: optionalText('处理意见', 500),
  })
  .superRefine((v, ctx) => {
    if (v.accept && v.score === undefined)
      ctx.addIssue({ code: 'custom', path: ['score'], message: '通过申诉时请输入改判分数' });
  });

export const HistoryEntry = z.object({
  id: z.number(),
  recordingId: z.number(),
  event: z.enum(REVIEW_EVENTS),
  eventName: z.string(),
  scoreBefore: z.number().nullable(),
  scoreAfter: z.number().nullable(),
  comment: z.string().nullable(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string().nullable(),
});

export const qualityReview = {
  createSample: backend.post('/aiCallCheck/sample/create', '新建人工复核抽样（随机或按规则）', {
    body: SampleCreate,
    answer: Sample.extend({ recordingIds: z.array(z.number()) }),
  }),
  sampleList: backend.post('/aiCallCheck/sample/list', '人工复核抽样列表（含复核进度）', {
    body: SampleFilter,
    answer: pageOf(Sample),
  }),
  sampleCalls: backend.post('/aiCallCheck/sample/calls', '抽样中的通话（机器分与复核状态）', {
    body: SampleCalls,
    answer: pageOf(SampleCall),
  }),
  saveReview: backend.post('/aiCallCheck/review/save', '保存人工复核评分与评语', {
    body: ReviewInput,
    answer: ReviewAnswer,
  }),
  createAppeal: backend.post('/aiCallCheck/appeal/create', '坐席对复核分数提出申诉', {
    body: AppealCreate,
    answer: IdAnswer,
  }),
  appealList: backend.post('/aiCallCheck/appeal/list', '申诉列表（坐席看本人，管理者看数据权限内）', {
    body: AppealFilter,
    answer: pageOf(Appeal),
  }),
  decideAppeal: backend.post('/aiCallCheck/appeal/decide', '处理申诉（通过并改分，或驳回）', {
    body: AppealDecision,
    answer: z.object({ id: z.number(), status: z.number(), score: z.number().nullable() }),
  }),
  history: backend.post('/aiCallCheck/history', '通话质检评分历史（新的在前）', {
    body: z.object({ recordingId }),
    answer: z.array(HistoryEntry),
  }),
};
