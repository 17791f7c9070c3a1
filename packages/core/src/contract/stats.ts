import { z } from 'zod';
import { robot } from './call';
import { codeField, idField, optionalId, pageOf, pageQuery } from './fields';

/**
 * Statistics and reports (plan group G-1), under /api/robot: every figure is computed from the rows of the modules
 * that own them (leads, calls, orders), scoped by the session's organisation and data scope. A filter is a period
 * of whole Shanghai days, a department (with those below it) and users, always within the caller's data scope.
 */

/** The longest period one statistics call covers. */
export const STATS_MAX_DAYS = 366;

const dayField = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label}不是有效日期`);

const userIds = z.preprocess(
  (v) => (v === '' || v === null || (Array.isArray(v) && v.length === 0) ? undefined : v),
  z.array(idField('员工'), { error: '员工列表不正确' }).max(500, '员工一次最多 500 个').optional(),
);

export const statsFilterShape = {
  startDate: dayField('开始日期'),
  endDate: dayField('结束日期'),
  /** The department and every department below it. */
  deptId: optionalId('部门'),
  userIds,
};

const daysBetween = (a: string, b: string) =>
  (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

/** The period checks every statistics filter shares. */
export const periodChecks = <T extends z.ZodType<{ startDate: string; endDate: string }>>(schema: T) =>
  schema
    .refine((f) => f.endDate >= f.startDate, { message: '结束日期不能早于开始日期', path: ['endDate'] })
    .refine((f) => daysBetween(f.startDate, f.endDate) < STATS_MAX_DAYS, {
      message: `统计时间最长 ${STATS_MAX_DAYS} 天`,
      path: ['endDate'],
    });

export const StatsFilter = periodChecks(z.object(statsFilterShape));
export type StatsFilter = z.output<typeof StatsFilter>;

/** A department of the caller's scope, as a tree. */
export interface ScopeDept {
  id: number;
  name: string;
  parentId: number | null;
  children: ScopeDept[];
}
const ScopeDeptSchema: z.ZodType<ScopeDept> = z
  .object({
    id: z.number(),
    name: z.string(),
    parentId: z.number().nullable(),
    children: z.array(z.lazy(() => ScopeDeptSchema)),
  })
  .meta({ id: 'ScopeDept' });
export const ScopeUser = z.object({
  id: z.number(),
  realName: z.string(),
  deptId: z.number().nullable(),
  status: z.number(),
});

/** Who a row of figures is: a user, a department (id 0: no department) or a day (id 0, name the day). */
export const GROUPS = ['user', 'dept', 'day'] as const;
export type StatsGroup = (typeof GROUPS)[number];

/** The work of a user, department or day: calls, answered, missed, answer rate (%), talk time (s), leads, follow-ups. */
export const WorkRow = z.object({
  id: z.number(),
  name: z.string(),
  deptName: z.string().nullable(),
  calls: z.number(),
  answered: z.number(),
  missed: z.number(),
  /** Percent, two decimals: answered ÷ calls. */
  answerRate: z.number(),
  talkSeconds: z.number(),
  /** Talk seconds per answered call, whole seconds. */
  avgTalkSeconds: z.number(),
  /** Leads moved to the user (claimed, assigned, handed over). */
  taken: z.number(),
  followUps: z.number(),
  /** Uploaded calls (上传录音: recordings no placed call stored), by their call time; the figures above are placed calls. */
  uploads: z.number().default(0),
  /** Their length, seconds. */
  uploadSeconds: z.number().default(0),
});
export type WorkRow = z.infer<typeof WorkRow>;

/** When the rollup behind the figures was last refreshed (YYYY-MM-DD HH:mm:ss); null: computed live. */
const freshAt = z.string().nullable();

export const WorkAnswer = z.object({ rows: z.array(WorkRow), sum: WorkRow, freshAt });
export const WorkPage = pageOf(WorkRow).extend({ sum: WorkRow, freshAt });

const groupField = codeField('统计维度', [1, 2] as const);
export const WorkPageFilter = periodChecks(z.object({ ...statsFilterShape, ...pageQuery }));
export const ExportFilter = periodChecks(
  z.object({ ...statsFilterShape, /** 1 by user, 2 by department. */ type: groupField }),
);

/** A head of a matrix (follow-up statuses, stages, sources): id 0 is 未设置. */
export const Head = z.object({ id: z.number(), name: z.string() });
export const MatrixRow = z.object({
  id: z.number(),
  name: z.string(),
  deptName: z.string().nullable(),
  /** Count per head id (as text keys). */
  counts: z.record(z.string(), z.number()),
  total: z.number(),
});
export type MatrixRow = z.infer<typeof MatrixRow>;
export const MatrixAnswer = z.object({
  heads: z.array(Head),
  rows: z.array(MatrixRow),
  sum: MatrixRow,
  freshAt,
});
export const MatrixFilter = periodChecks(z.object({ ...statsFilterShape, type: groupField.optional().default(1) }));

/** A target row (by user or department): the target of the period, the leads taken in it, the completion (%). */
export const TargetRow = z.object({
  id: z.number(),
  name: z.string(),
  deptName: z.string().nullable(),
  /** The sum of the monthly targets of the months the period touches. */
  target: z.number(),
  /** Leads taken (claimed, assigned, handed over) in the period: the `taken` of the work figures. */
  actual: z.number(),
  /** Percent, two decimals: actual ÷ target; 0 without a target. */
  rate: z.number(),
});
export type TargetRow = z.infer<typeof TargetRow>;
export const TargetAnswer = z.object({ rows: z.array(TargetRow), sum: TargetRow, freshAt });

const monthField = z
  .string({ error: '请选择月份' })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM')
  .refine((v) => v >= '2000-01' && v <= '2099-12', '月份应在 2000-01 至 2099-12 之间');

/** The most new leads a user's monthly target may be. */
export const TARGET_MAX = 100_000;

/** The page's configuration: each user's (in scope) target of new leads for a month. */
export const TargetConfig = z.object({
  month: z.string(),
  users: z.array(
    z.object({ userId: z.number(), realName: z.string(), deptName: z.string().nullable(), target: z.number() }),
  ),
});
export const TargetConfigInput = z.object({
  month: monthField,
  targets: z
    .array(
      z.object({
        userId: idField('员工'),
        target: z
          .number({ error: '目标线索数应为数字' })
          .int('目标线索数应为整数')
          .min(0, '目标线索数不能小于 0')
          .max(TARGET_MAX, `目标线索数不能超过 ${TARGET_MAX}`),
      }),
      { error: '目标列表不正确' },
    )
    .min(1, '请至少设置一名员工的目标')
    .max(500, '一次最多设置 500 名员工'),
});

export const stats = {
  getDeptInfo: robot.post('/clue/rxfxstastic/getDeptInfo', '统计范围内的部门（树）', {
    answer: z.array(ScopeDeptSchema),
  }),
  getAnalyzeUserInfo: robot.post('/clue/rxfxstastic/getAnalyzeUserInfo', '统计范围内的员工', {
    body: z.object({ deptId: optionalId('部门') }),
    answer: z.array(ScopeUser),
  }),
  // employee performance (/main/staffStatistics)
  getCalloutUserCountRes: robot.post('/clue/rxfxstastic/getCalloutUserCountRes', '员工外呼与跟进统计（按员工）', {
    body: StatsFilter,
    answer: WorkAnswer,
  }),
  getCalloutDeptCountRes: robot.post('/clue/rxfxstastic/getCalloutDeptCountRes', '员工外呼与跟进统计（按部门）', {
    body: StatsFilter,
    answer: WorkAnswer,
  }),
  getFollowStatusCustomCountRes: robot.post(
    '/clue/rxfxstastic/getFollowStatusCustomCountRes',
    '各跟进状态客户数（按员工）',
    { body: StatsFilter, answer: MatrixAnswer },
  ),
  getFollowStatusCustomCountResByDept: robot.post(
    '/clue/rxfxstastic/getFollowStatusCustomCountResByDept',
    '各跟进状态客户数（按部门）',
    { body: StatsFilter, answer: MatrixAnswer },
  ),
  getIntentionLevelListByOrg: robot.get('/clue/rxfxstastic/getIntentionLevelListByOrg', '意向等级（AI 意向标签）', {
    answer: z.array(Head),
  }),
  getIntentionLevelCustomCountRes: robot.post(
    '/clue/rxfxstastic/getIntentionLevelCustomCountRes',
    '各意向等级客户数（按员工）',
    { body: StatsFilter, answer: MatrixAnswer },
  ),
  getIntentionLevelCustomCountResByDept: robot.post(
    '/clue/rxfxstastic/getIntentionLevelCustomCountResByDept',
    '各意向等级客户数（按部门）',
    { body: StatsFilter, answer: MatrixAnswer },
  ),
  getEmpPerformanceStaticConfig: robot.post('/clue/rxfxstastic/getEmpPerformanceStaticConfig', '员工月度目标线索数', {
    body: z.object({ month: monthField }),
    answer: TargetConfig,
  }),
  saveEmpPerformanceStaticConfig: robot.post(
    '/clue/rxfxstastic/saveEmpPerformanceStaticConfig',
    '保存员工月度目标线索数',
    { body: TargetConfigInput, answer: TargetConfig },
  ),
  getTargetClueNumCountByUser: robot.post('/clue/rxfxstastic/getTargetClueNumCountByUser', '目标线索完成（按员工）', {
    body: StatsFilter,
    answer: TargetAnswer,
  }),
  getTargetClueNumCountByDept: robot.post('/clue/rxfxstastic/getTargetClueNumCountByDept', '目标线索完成（按部门）', {
    body: StatsFilter,
    answer: TargetAnswer,
  }),
  exportUserOrDeptAnalysis: robot.post('/clue/rxfxstastic/exportUserOrDeptAnalysis', '导出员工统计（.xlsx）', {
    body: ExportFilter,
  }),
  // calls (/main/callStatistics)
  callUserPage: robot.post('/callStatistics/userPage', '通话统计（按员工）', {
    body: WorkPageFilter,
    answer: WorkPage,
  }),
  callDeptPage: robot.post('/callStatistics/deptPage', '通话统计（按部门）', {
    body: WorkPageFilter,
    answer: WorkPage,
  }),
  callDayList: robot.post('/callStatistics/dayList', '通话统计（按天）', { body: StatsFilter, answer: WorkAnswer }),
  callExport: robot.post('/callStatistics/export', '导出通话统计（.xlsx）', { body: ExportFilter }),
  // sales statistics by follow-up status (/main/crmStatistics)
  salesHead: robot.post('/organizationSalesStatistics/salesStatisticsListHeadFollow', '销售统计表头（跟进状态）', {
    answer: z.array(Head),
  }),
  salesList: robot.post('/organizationSalesStatistics/salesStatisticsListFollow', '销售统计（按跟进状态）', {
    body: MatrixFilter,
    answer: MatrixAnswer,
  }),
  salesExport: robot.post('/organizationSalesStatistics/exportSalesStatisticsListFollow', '导出销售统计（.xlsx）', {
    body: MatrixFilter,
  }),
  crmHead: robot.post('/crmStatisticV2/getHead', 'CRM 统计表头', { answer: z.array(Head) }),
  crmList: robot.post('/crmStatisticV2/getList', 'CRM 统计', { body: MatrixFilter, answer: MatrixAnswer }),
  crmExport: robot.post('/crmStatisticV2/export', '导出 CRM 统计（.xlsx）', { body: MatrixFilter }),
};

/** The overview of a period (data statistics, sales overview): the figures and their trend per day. */
export const Overview = z.object({
  /** Leads created in the period that the users own now. */
  newLeads: z.number(),
  work: WorkRow,
  /** Deals (confirmed orders) signed in the period, their amount and what was paid of it, in fen. */
  orders: z.number(),
  orderFen: z.number(),
  paidFen: z.number(),
  trend: z.array(
    z.object({
      day: z.string(),
      newLeads: z.number(),
      calls: z.number(),
      answered: z.number(),
      orders: z.number(),
      orderFen: z.number(),
    }),
  ),
  /** Leads created in the period by their current stage (1-9), and by source (id 0: none). */
  stages: z.array(z.object({ id: z.number(), name: z.string(), n: z.number() })),
  sources: z.array(z.object({ id: z.number(), name: z.string(), n: z.number() })),
  freshAt,
});

export const CustomerFilter = periodChecks(
  z.object({
    ...statsFilterShape,
    /** 1 by user, 2 by department. */
    type: groupField.optional().default(1),
    /** The columns: 1 stage, 2 source, 3 follow-up status. */
    dim: codeField('统计项', [1, 2, 3] as const)
      .optional()
      .default(1),
  }),
);

export const statsOverview = {
  overview: robot.post('/dataStatistics/overview', '机构数据概览', { body: StatsFilter, answer: Overview }),
  survey: robot.post('/survey/get', '个人销售概况', { body: StatsFilter, answer: Overview }),
  totalSurvey: robot.post('/totalAccountSurvey/get', '全部销售概况（数据权限内）', {
    body: StatsFilter,
    answer: Overview,
  }),
  customerList: robot.post('/customerStatistics/list', '客户统计（按阶段、来源、跟进状态）', {
    body: CustomerFilter,
    answer: MatrixAnswer,
  }),
  customerExport: robot.post('/customerStatistics/export', '导出客户统计（.xlsx）', { body: CustomerFilter }),
};

// ---- reports (/reportStatistics): daily, weekly, monthly

export const REPORT_TYPES = [1, 2, 3] as const;
export const ReportTypeName = { 1: '日报', 2: '周报', 3: '月报' } as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const ReportSetting = z.object({
  daily: z.boolean(),
  weekly: z.boolean(),
  monthly: z.boolean(),
  /** Who receives the reports (as messages). */
  receiverIds: z.array(z.number()),
  receivers: z.array(z.object({ id: z.number(), realName: z.string() })),
});
export const ReportSettingInput = z.object({
  daily: z.boolean({ error: '请选择是否发送日报' }),
  weekly: z.boolean({ error: '请选择是否发送周报' }),
  monthly: z.boolean({ error: '请选择是否发送月报' }),
  receiverIds: z.array(idField('接收人'), { error: '接收人列表不正确' }).max(200, '接收人最多 200 个'),
});

export const ReportSummary = z.object({
  id: z.number(),
  type: z.number(),
  typeName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  createdAt: z.string().nullable(),
});
export const Report = ReportSummary.extend({
  overview: Overview,
  /** Each user's work in the period, the busiest first. */
  users: z.array(WorkRow),
});

export const reportStatistics = {
  get: robot.post('/reportStatistics/get', '周报月报：报告列表与一份报告', {
    body: z.object({ type: codeField('报告类型', REPORT_TYPES), id: optionalId('报告') }),
    answer: z.object({ list: z.array(ReportSummary), report: Report.nullable() }),
  }),
  getSetting: robot.post('/reportStatistics/getSetting', '周报月报发送设置', { answer: ReportSetting }),
  saveSetting: robot.post('/reportStatistics/saveSetting', '保存周报月报发送设置', {
    body: ReportSettingInput,
    answer: ReportSetting,
  }),
  generate: robot.post('/reportStatistics/generate', '立即生成并发送上一周期的报告', {
    body: z.object({ type: codeField('报告类型', REPORT_TYPES) }),
    answer: ReportSummary,
  }),
};
