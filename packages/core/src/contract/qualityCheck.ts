import { z } from 'zod';
import { durationOutOfRange, MAX_FILTER_DURATION_SECONDS } from '../durationFilter';
import { PERFORMANCE_FLAG_BITS, ReanalyseBatch } from './analysis';
import { backend, IdAnswer } from './call';
import {
  codeField,
  dateTimeField,
  idField,
  intField,
  nameField,
  num,
  optionalCode,
  optionalId,
  optionalText,
  pageOf,
  pageQuery,
} from './fields';

/**
 * Scorecards and the AI quality list (spec plan group C, 7.6 /aiCallCheck/): the organisation's active scorecard
 * (base 100, a pass line, deductions and fatal items), every analysed call's machine score, the list per call or
 * per seat with its header figures and second level, its export as a background job, and re-checking a date range.
 */

/** What a scorecard item deducts for: a violation (of a rule, or any), a missed SOP item (one, or any), a flag. */
export const SCORECARD_ITEM_KINDS = ['violation', 'sopMissed', 'flag'] as const;
export type ScorecardItemKind = (typeof SCORECARD_ITEM_KINDS)[number];
export const ScorecardItemKindName: Record<ScorecardItemKind, string> = {
  violation: '违规',
  sopMissed: 'SOP环节缺失',
  flag: '表现标记',
};
/** Performance flag names (PerformanceFlag of enums.ts). */
export const PerformanceFlagName = { 1: '语速过快', 2: '说话过多', 4: '辱骂客户' } as const;

export const SCORE_BASE = 100;
export const DEFAULT_PASS_LINE = 60;
export const MAX_SCORECARD_ITEMS = 50;

/** 1 passed, 2 not passed. */
export const PassedName = { 1: '合格', 2: '不合格' } as const;
/** The list's modes: one row per call, or one per seat (owner). */
export const CHECK_MODES = ['call', 'seat'] as const;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

export const ScorecardItem = z
  .object({
    name: nameField('评分项名称', 30),
    kind: z.enum(SCORECARD_ITEM_KINDS, {
      error: `评分项类型只能是 ${SCORECARD_ITEM_KINDS.map((k) => ScorecardItemKindName[k]).join('、')}`,
    }),
    /** violation: the rule's name (absent: any violation). */
    rule: z.preprocess(
      blank,
      z.string({ error: '违规规则须为文本' }).trim().max(50, '违规规则最多 50 个字').nullable().default(null),
    ),
    /** sopMissed: the SOP item's id (absent: any missed item). */
    sopItemId: z.preprocess(blank, idField('SOP环节').nullable().default(null)),
    /** flag: the performance bit (1 语速过快, 2 说话过多, 4 辱骂客户). */
    flag: z.preprocess(blank, codeField('表现标记', PERFORMANCE_FLAG_BITS).nullable().default(null)),
    /** Points per occurrence. */
    deduct: intField('扣分', 0, SCORE_BASE, ' 分'),
    /** Most points the item deducts from one call (absent: no cap but the base). */
    maxDeduct: z.preprocess(blank, intField('最多扣分', 0, SCORE_BASE, ' 分').nullable().default(null)),
    /** One occurrence zeroes the call. */
    fatal: z.boolean({ error: '致命项须为是或否' }).default(false),
  })
  .superRefine((item, ctx) => {
    if (item.kind === 'flag' && item.flag === null)
      ctx.addIssue({ code: 'custom', path: ['flag'], message: `评分项「${item.name}」请选择表现标记` });
  });
export type ScorecardItem = z.output<typeof ScorecardItem>;

export const ScorecardInput = z.object({
  /** Absent: a new card. */
  id: optionalId('评分卡'),
  name: nameField('评分卡名称', 50),
  passLine: intField('合格分', 0, SCORE_BASE, ' 分').default(DEFAULT_PASS_LINE),
  /** Make it the organisation's active card (the one every call is scored with). */
  active: z.boolean({ error: '是否启用须为是或否' }).default(true),
  items: z
    .array(ScorecardItem, { error: '请添加评分项' })
    .min(1, '请至少添加 1 个评分项')
    .max(MAX_SCORECARD_ITEMS, `一张评分卡最多 ${MAX_SCORECARD_ITEMS} 个评分项`),
});
export type ScorecardInput = z.output<typeof ScorecardInput>;

export const Scorecard = z.object({
  id: z.number(),
  name: z.string(),
  passLine: z.number(),
  active: z.boolean(),
  items: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(SCORECARD_ITEM_KINDS),
      kindName: z.string(),
      rule: z.string().nullable(),
      sopItemId: z.number().nullable(),
      flag: z.number().nullable(),
      deduct: z.number(),
      maxDeduct: z.number().nullable(),
      fatal: z.boolean(),
    }),
  ),
  updatedAt: z.string().nullable(),
});

/** One deduction of a call's score: which item, why, how often and how many points. */
export const Deduction = z.object({
  item: z.string(),
  kind: z.enum(SCORECARD_ITEM_KINDS),
  /** What happened, e.g. the rule or the missed item's name. */
  reason: z.string(),
  count: z.number(),
  points: z.number(),
  fatal: z.boolean(),
});
export type Deduction = z.infer<typeof Deduction>;

/** One id or a list of ids; blank is "not given". */
const idFilter = (label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : Array.isArray(v) ? v : [v]),
    z
      .array(idField(label), { error: `${label}不正确` })
      .max(500, `${label}最多选择 500 个`)
      .optional(),
  );
const scoreBound = (label: string) => z.preprocess(blank, intField(label, 0, SCORE_BASE, ' 分').optional());
const durationBound = (label: string) =>
  z.preprocess(
    (v) => (blank(v) === undefined ? undefined : typeof v === 'string' ? v.trim().replace(/\D$/, '') : v),
    num(
      z
        .number({ error: `${label}请填写秒数` })
        .min(0, `${label}不能小于 0`)
        .max(MAX_FILTER_DURATION_SECONDS, durationOutOfRange(label))
        .optional(),
    ),
  );

const filterFields = {
  scoreMin: scoreBound('最低分'),
  scoreMax: scoreBound('最高分'),
  /** 1 passed, 2 not passed. */
  passed: optionalCode('是否合格', [1, 2] as const),
  /** Calls that broke this rule (its name). */
  violationRule: optionalText('违规规则', 50),
  /** Calls that missed this SOP item. */
  sopItemId: optionalId('SOP环节'),
  ownerUserIds: idFilter('坐席'),
  /** The department and every department below it. */
  deptId: optionalId('部门'),
  /** Call time, `YYYY-MM-DD HH:mm:ss`. */
  startTime: dateTimeField,
  endTime: dateTimeField,
  /** DURATION_LEVELS (0-7), or a custom range in seconds (durationMin / durationMax). */
  durationLevel: optionalCode('时长档位', [0, 1, 2, 3, 4, 5, 6, 7] as const),
  durationMin: durationBound('最短时长'),
  durationMax: durationBound('最长时长'),
};

const scoreOrder = <T extends { scoreMin?: number; scoreMax?: number }>(f: T) =>
  f.scoreMin === undefined || f.scoreMax === undefined || f.scoreMin <= f.scoreMax;
const SCORE_ORDER = { message: '最低分不能大于最高分', path: ['scoreMin'] };

/** The filter of the header figures and the export (no page). */
export const CallCheckFilter = z
  .object({
    ...filterFields,
    mode: z.enum(CHECK_MODES, { error: '列表维度只能是按通话或按坐席' }).default('call'),
  })
  .refine(scoreOrder, SCORE_ORDER);
export type CallCheckFilter = z.output<typeof CallCheckFilter>;

export const CallCheckPageRequest = z
  .object({
    ...pageQuery,
    ...filterFields,
    mode: z.enum(CHECK_MODES, { error: '列表维度只能是按通话或按坐席' }).default('call'),
  })
  .refine(scoreOrder, SCORE_ORDER);

/** The calls of one seat (under a seat row), with the same filters. */
export const CallCheckSecondRequest = z
  .object({ ...pageQuery, ...filterFields, ownerUserId: idField('坐席') })
  .refine(scoreOrder, SCORE_ORDER);

export const CallCheckRow = z.object({
  recordingId: z.number(),
  ownerUserId: z.number().nullable(),
  ownerName: z.string().nullable(),
  deptId: z.number().nullable(),
  deptName: z.string().nullable(),
  callTime: z.string().nullable(),
  durationMs: z.number(),
  durationText: z.string(),
  score: z.number(),
  passLine: z.number(),
  passed: z.boolean(),
  passedName: z.string(),
  fatal: z.boolean(),
  violationCount: z.number(),
  violationRules: z.array(z.string()),
  /** Average coverage of the SOP rules that applied, 0..1 (null: none applied). */
  sopCoverage: z.number().nullable(),
  missedItemCount: z.number(),
  deductions: z.array(Deduction),
  scorecardName: z.string().nullable(),
  checkedAt: z.string().nullable(),
});

export const SeatCheckRow = z.object({
  ownerUserId: z.number().nullable(),
  ownerName: z.string().nullable(),
  deptName: z.string().nullable(),
  calls: z.number(),
  averageScore: z.number(),
  passed: z.number(),
  /** Share of calls passed, 0..1. */
  passRate: z.number(),
  violations: z.number(),
});

export const CallCheckHead = z.object({
  calls: z.number(),
  violations: z.number(),
  averageScore: z.number(),
  passRate: z.number(),
});

/** An export started: its record (progress and download through the import/export records, kind 2). */
const ExportStarted = z.object({ recordId: z.number(), status: z.number() });

export const RecheckRequest = z
  .object({ startTime: dateTimeField, endTime: dateTimeField })
  .refine((b) => b.startTime && b.endTime, { message: '请选择重新质检的时间范围' })
  .refine((b) => !b.startTime || !b.endTime || b.startTime <= b.endTime, { message: '开始时间不能晚于结束时间' });

export const qualityCheck = {
  scorecardList: backend.post('/aiCallCheck/scorecard/list', '评分卡列表', { answer: z.array(Scorecard) }),
  scorecardSave: backend.post('/aiCallCheck/scorecard/save', '新增或修改评分卡', {
    body: ScorecardInput,
    answer: IdAnswer,
  }),
  scorecardDelete: backend.post('/aiCallCheck/scorecard/delete', '删除评分卡', {
    body: z.object({ id: idField('评分卡') }),
    answer: IdAnswer,
  }),
  callCheckPage: backend.post('/aiCallCheck/callCheckPage', 'AI质检列表（按通话或按坐席）', {
    body: CallCheckPageRequest,
    answer: pageOf(z.union([CallCheckRow, SeatCheckRow])),
  }),
  callCheckPageHead: backend.post('/aiCallCheck/callCheckPageHead', 'AI质检列表表头数据', {
    body: CallCheckFilter,
    answer: CallCheckHead,
  }),
  callCheckPageSecond: backend.post('/aiCallCheck/callCheckPage/second', 'AI质检二级列表（坐席的通话）', {
    body: CallCheckSecondRequest,
    answer: pageOf(CallCheckRow),
  }),
  callCheckExport: backend.post('/aiCallCheck/callCheckExport', '导出AI质检列表（后台任务）', {
    body: CallCheckFilter,
    answer: ExportStarted,
  }),
  recheck: backend.post('/aiCallCheck/recheck', '重新质检时间范围内的通话', {
    body: RecheckRequest,
    answer: ReanalyseBatch,
  }),
};
