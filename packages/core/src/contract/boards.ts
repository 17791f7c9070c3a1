import { z } from 'zod';
import { DATE_PRESETS, type DatePresetKey } from '../dateRange';
import { parseDateTime } from '../time';
import { fenField } from './billing';
import { analysis, backend, IdAnswer, robot } from './call';
import { codeField, idField, intField, nameField, optionalId, pageOf, pageQuery } from './fields';
import { statsFilterShape } from './stats';

/**
 * Boards (spec plan G-2): the deals board and its settings (/dealBoardSetting, /dealManager), the market board
 * (/marketBoard), the AI boards for managers (/clue/aibossstatis, /aiBossBulletinBoardCluster) and custom boards
 * (/customBoard, shared read-only through the public /dashboard/:id). Every figure is computed from the rows of the
 * session's data scope, narrowed by the department and user of the filter.
 */

/**
 * The filter every board shares, that of the statistics screens: whole Shanghai days (default: the board's period,
 * this month unless its setting says otherwise), a department (and those below it) and users.
 */
export const BoardFilter = z.object({
  ...statsFilterShape,
  startDate: statsFilterShape.startDate.optional(),
  endDate: statsFilterShape.endDate.optional(),
});
export type BoardFilter = z.infer<typeof BoardFilter>;

// ---- deals board settings

/** The period a setting's targets are for (and the board's default range). */
export const DealPeriod = { 1: '今日', 2: '本周', 3: '本月', 4: '本季度', 5: '本年' } as const;
export const DEAL_PERIOD_PRESET: Record<keyof typeof DealPeriod, DatePresetKey> = {
  1: 'today',
  2: 'thisWeek',
  3: 'thisMonth',
  4: 'thisQuarter',
  5: 'thisYear',
};
/** What the board sums: the orders' amounts, or what was paid of them. */
export const DealAmountType = { 1: '订单金额', 2: '回款金额' } as const;
/** Order statuses that may count as a deal (confirmed, partly paid, paid). */
export const DEAL_STATUSES = [2, 3, 4] as const;

const targetCount = intField('成交目标单数', 0, 1_000_000);
const targetFen = fenField('成交目标金额', 0);

export const UserTarget = z.object({
  userId: idField('员工'),
  targetCount: targetCount.default(0),
  targetFen: targetFen.default(0),
});

export const DealBoardSettingInput = z.object({
  name: nameField('看板名称', 30),
  periodType: codeField('统计周期', [1, 2, 3, 4, 5] as const).default(3),
  dealStatuses: z
    .array(codeField('成交订单状态', DEAL_STATUSES), { error: '请选择计为成交的订单状态' })
    .min(1, '请选择计为成交的订单状态')
    .max(3, '成交订单状态不正确'),
  amountType: codeField('金额口径', [1, 2] as const).default(1),
  /** Who appears on the board; empty: everyone of the viewer's data scope. */
  userIds: z.array(idField('员工'), { error: '员工列表不正确' }).max(500, '员工一次最多 500 个').default([]),
  teamTargetCount: targetCount.default(0),
  teamTargetFen: targetFen.default(0),
  userTargets: z.array(UserTarget, { error: '个人目标不正确' }).max(500, '个人目标最多 500 个').default([]),
  isDefault: codeField('是否默认', [1, 2] as const).default(2),
});
export const DealBoardSettingUpdate = DealBoardSettingInput.extend({ id: idField('看板设置') });

export const DealBoardSetting = z.object({
  id: z.number(),
  name: z.string(),
  periodType: z.number(),
  periodName: z.string(),
  dealStatuses: z.array(z.number()),
  amountType: z.number(),
  amountTypeName: z.string(),
  userIds: z.array(z.number()),
  userNames: z.array(z.string()),
  teamTargetCount: z.number(),
  teamTargetFen: z.number(),
  userTargets: z.array(z.object({ userId: z.number(), targetCount: z.number(), targetFen: z.number() })),
  isDefault: z.number(),
  createdAt: z.string().nullable(),
});
export type DealBoardSetting = z.infer<typeof DealBoardSetting>;

const SettingId = z.object({ id: idField('看板设置') });

// ---- deals board

export const DealBoardQuery = BoardFilter.extend({ settingId: optionalId('看板设置') });

export const DealBoardRow = z.object({
  rank: z.number(),
  userId: z.number(),
  userName: z.string(),
  deptName: z.string().nullable(),
  isSalesChampion: z.boolean(),
  dealCount: z.number(),
  amountFen: z.number(),
  targetCount: z.number(),
  targetFen: z.number(),
  /** Per cent of the amount target reached, one decimal; null without a target. */
  progress: z.number().nullable(),
});
export const DealBoard = z.object({
  setting: DealBoardSetting.nullable(),
  startDate: z.string(),
  endDate: z.string(),
  dealCount: z.number(),
  amountFen: z.number(),
  teamTargetCount: z.number(),
  teamTargetFen: z.number(),
  progress: z.number().nullable(),
  champions: z.array(z.object({ userId: z.number(), userName: z.string() })),
  /** Who leads the period by amount (then deals); null when nobody has a deal in it. Shown beside the appointed 销冠. */
  leader: z
    .object({ userId: z.number(), userName: z.string(), amountFen: z.number(), dealCount: z.number() })
    .nullable(),
  rows: z.array(DealBoardRow),
  /** Deals and amount per day of the range (the trend line). */
  trend: z.array(z.object({ day: z.string(), dealCount: z.number(), amountFen: z.number() })),
});

export const DealPageQuery = DealBoardQuery.extend(pageQuery);
export const DealRow = z.object({
  id: z.number(),
  orderNo: z.string(),
  clueId: z.number().nullable(),
  customerName: z.string(),
  ownerId: z.number(),
  ownerName: z.string().nullable(),
  status: z.number(),
  statusName: z.string(),
  totalFen: z.number(),
  paidFen: z.number(),
  signedOn: z.string(),
});

// ---- market board

export const MarketRow = z.object({
  /** 'way:<importWay>' or 'source:<channelSourceId>' ('source:0': none given). */
  key: z.string(),
  id: z.number(),
  name: z.string(),
  leads: z.number(),
  deals: z.number(),
  amountFen: z.number(),
  /** Entered per lead source and month (a range counts every month it touches); null for import channels. */
  costFen: z.number().nullable(),
  /** Per cent of leads that became deals, one decimal; null without leads. */
  conversion: z.number().nullable(),
  costPerLeadFen: z.number().nullable(),
  costPerDealFen: z.number().nullable(),
});
export const MarketBoard = z.object({
  /** When the lead and deal counts were taken (snapshots refreshed every 5 minutes); costs are live. */
  freshAt: z.string(),
  totals: MarketRow,
  channels: z.array(MarketRow),
  sources: z.array(MarketRow),
});
export type MarketBoard = z.infer<typeof MarketBoard>;
const monthField = z
  .string({ error: '请选择月份' })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM');
export const MarketCostInput = z.object({
  month: monthField,
  channelSourceId: idField('渠道来源'),
  costFen: fenField('投放成本', 0),
});
export const MarketCost = z.object({
  id: z.number(),
  month: z.string(),
  channelSourceId: z.number(),
  sourceName: z.string(),
  costFen: z.number(),
});

// ---- AI boards

export const AiOverview = z.object({
  /** Every call (issue 26's one definition): placed calls and uploaded recordings. */
  calls: z.number(),
  /** Of which uploaded recordings (上传录音); the rest are placed calls (外呼, the call records). */
  uploads: z.number(),
  answered: z.number(),
  talkSeconds: z.number(),
  analysed: z.number(),
  strongIntention: z.number(),
  highChurn: z.number(),
  violations: z.number(),
  /** Average machine quality score (null: no call scored). */
  avgScore: z.number().nullable(),
  passRate: z.number().nullable(),
  intentionMix: z.array(z.object({ intention: z.number(), name: z.string(), n: z.number() })),
});
export const AiTrendPoint = z.object({
  day: z.string(),
  calls: z.number(),
  talkSeconds: z.number(),
  analysed: z.number(),
  strongIntention: z.number(),
  highChurn: z.number(),
  violations: z.number(),
  avgScore: z.number().nullable(),
});
export const AiRankRow = z.object({
  userId: z.number(),
  userName: z.string(),
  deptName: z.string().nullable(),
  calls: z.number(),
  answered: z.number(),
  talkSeconds: z.number(),
  strongCustomers: z.number(),
  deals: z.number(),
  amountFen: z.number(),
  violations: z.number(),
  avgScore: z.number().nullable(),
});

/** The AI dashboard's panels, in the manager's order. */
export const AI_PANELS = {
  overview: '核心指标',
  intentionMix: '意向分布',
  churnTrend: '流失风险趋势',
  violationTrend: '违规趋势',
  scoreTrend: '质检得分趋势',
  effectiveness: 'AI 人效排行',
} as const;
export type AiPanelKey = keyof typeof AI_PANELS;
const AI_PANEL_KEYS = Object.keys(AI_PANELS) as [AiPanelKey, ...AiPanelKey[]];
export const AiPanels = z.object({
  panels: z
    .array(z.enum(AI_PANEL_KEYS, { error: '看板模块不正确' }), { error: '请选择看板模块' })
    .min(1, '请至少选择一个看板模块')
    .max(AI_PANEL_KEYS.length, '看板模块不正确')
    .refine((v) => new Set(v).size === v.length, '看板模块不能重复'),
});

// ---- custom boards

/**
 * The figures a custom board may show, with the charts each allows: lines for trends, bars for rankings, funnels for
 * stages, pies only for shares; every figure may also be a table.
 */
export const BOARD_METRICS = {
  dealTrend: { name: '成交金额趋势', charts: ['line', 'table'] },
  dealRank: { name: '成交排行', charts: ['bar', 'table'] },
  leadSource: { name: '渠道来源占比', charts: ['pie', 'bar', 'table'] },
  stageFunnel: { name: '客户阶段漏斗', charts: ['funnel', 'table'] },
  callTrend: { name: '通话趋势', charts: ['line', 'table'] },
  intentionMix: { name: '意向分布', charts: ['pie', 'bar', 'table'] },
  scoreTrend: { name: '质检得分趋势', charts: ['line', 'table'] },
  effectivenessRank: { name: 'AI 人效排行', charts: ['bar', 'table'] },
} as const;
export type BoardMetric = keyof typeof BOARD_METRICS;
export const CHART_NAMES = { line: '折线图', bar: '柱状图', pie: '饼图', funnel: '漏斗图', table: '表格' } as const;
export type ChartType = keyof typeof CHART_NAMES;
const METRIC_KEYS = Object.keys(BOARD_METRICS) as [BoardMetric, ...BoardMetric[]];
const RANGE_KEYS = DATE_PRESETS.filter((p) => !p.future && p.key !== 'overdue').map((p) => p.key) as [
  DatePresetKey,
  ...DatePresetKey[],
];

export const BoardPanel = z
  .object({
    title: nameField('图表标题', 30),
    metric: z.enum(METRIC_KEYS, { error: '请选择指标' }),
    chart: z.enum(Object.keys(CHART_NAMES) as [ChartType, ...ChartType[]], { error: '请选择图表类型' }),
    range: z.enum(RANGE_KEYS, { error: '统计时间不正确' }).default('thisMonth'),
    /** Columns of a 24-column row. */
    span: codeField('图表宽度', [8, 12, 24] as const).default(12),
  })
  .refine((p) => (BOARD_METRICS[p.metric].charts as readonly string[]).includes(p.chart), {
    message: '该指标不支持所选图表类型',
    path: ['chart'],
  });
export type BoardPanel = z.infer<typeof BoardPanel>;

export const CustomBoardInput = z.object({
  id: optionalId('看板'),
  name: nameField('看板名称', 30),
  panels: z.array(BoardPanel, { error: '请添加图表' }).min(1, '请至少添加一个图表').max(20, '图表最多 20 个'),
});
export const CustomBoard = z.object({
  id: z.number(),
  name: z.string(),
  panels: z.array(
    z.object({
      title: z.string(),
      metric: z.string(),
      chart: z.string(),
      range: z.string(),
      span: z.number(),
    }),
  ),
  /** The public link's token while shared and live; null when not shared, expired or its sharer disabled. */
  shareToken: z.string().nullable(),
  /** When the link stops working (`YYYY-MM-DD HH:mm:ss`); null when not shared. */
  shareExpiresAt: z.string().nullable(),
  /** Who shared it: the link shows that person's data scope, and dies when they are disabled or lose the board. */
  sharedByName: z.string().nullable(),
  createdByName: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
/** One figure: labelled points, with a second value where the figure has one (amounts beside counts). */
export const Figure = z.object({
  unit: z.enum(['count', 'fen', 'seconds', 'score']),
  points: z.array(z.object({ label: z.string(), value: z.number(), key: z.string().optional() })),
});
export type Figure = z.infer<typeof Figure>;
export const BoardData = z.object({
  board: CustomBoard,
  figures: z.array(Figure.extend({ startDate: z.string(), endDate: z.string() })),
});
const BoardId = z.object({ id: idField('看板') });
/** The public page's messages (the server's and the page's). */
export const SHARE_LINK_INVALID = '链接无效';
export const SHARE_LINK_EXPIRED = '链接已过期';
export const SHARE_LINK_REVOKED = '分享链接已失效';
/** The expiries offered when sharing (days); 30 when none is chosen; a chosen day at most a year ahead. */
export const SHARE_EXPIRE_DAYS = [7, 30, 90] as const;
export const SHARE_DEFAULT_DAYS = 30;
export const SHARE_MAX_DAYS = 366;
const shareToken = z
  .string({ error: SHARE_LINK_INVALID })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,64}$/, SHARE_LINK_INVALID);

/**
 * How long a shared link lives: 7, 30 (the default) or 90 days from sharing, or until the end of a chosen day
 * (Shanghai), today at the earliest and a year ahead at the latest. Sharing again sets the expiry again.
 */
const ShareInput = BoardId.extend({
  enable: codeField('分享', [1, 2] as const),
  expireDays: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    codeField('有效期', SHARE_EXPIRE_DAYS).optional(),
  ),
  expireDate: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: '有效期截止日期格式应为 YYYY-MM-DD' })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, '有效期截止日期格式应为 YYYY-MM-DD')
      .refine((v) => parseDateTime(v) !== null, '有效期截止日期不是有效日期')
      .optional(),
  ),
}).refine((b) => b.expireDays === undefined || b.expireDate === undefined, {
  message: '有效天数和截止日期只能选一个',
  path: ['expireDate'],
});

export const dealBoardSetting = {
  list: backend.post('/dealBoardSetting/list', '成交看板设置列表', { answer: z.array(DealBoardSetting) }),
  save: backend.post('/dealBoardSetting/save', '新增成交看板设置', { body: DealBoardSettingInput, answer: IdAnswer }),
  update: backend.post('/dealBoardSetting/update', '编辑成交看板设置', {
    body: DealBoardSettingUpdate,
    answer: IdAnswer,
  }),
  delete: backend.post('/dealBoardSetting/delete', '删除成交看板设置', { body: SettingId, answer: IdAnswer }),
};

export const dealManager = {
  pagelist: backend.post('/dealManager/pagelist', '成交明细', { body: DealPageQuery, answer: pageOf(DealRow) }),
  export: backend.post('/dealManager/export', '导出成交明细（.xlsx）', { body: DealBoardQuery }),
  exportBoard: backend.post('/dealManager/exportBoard', '导出成交排行（.xlsx）', { body: DealBoardQuery }),
};

export const boardPages = {
  /** The deals board (also the iframe host's /dealsBoard_base). */
  getBoardPageList: analysis.post('/api/clue/getBoardPageList', '成交看板', {
    body: DealBoardQuery,
    answer: DealBoard,
  }),
  getDealBoardSettingList: analysis.post('/api/clue/getDealBoardSettingList', '成交看板设置列表', {
    answer: z.array(z.object({ id: z.number(), name: z.string(), isDefault: z.number() })),
  }),
  selectSettingDetail: analysis.post('/api/clue/selectSettingDetail', '成交看板设置详情', {
    body: SettingId,
    answer: DealBoardSetting,
  }),
};

export const marketBoard = {
  get: robot.post('/marketBoard/get', '市场看板', { body: BoardFilter, answer: MarketBoard }),
  export: robot.post('/marketBoard/export', '导出市场看板（.xlsx）', { body: BoardFilter }),
  costList: robot.post('/marketBoard/costList', '投放成本列表', {
    body: z.object({ month: monthField }),
    answer: z.array(MarketCost),
  }),
  saveCost: robot.post('/marketBoard/saveCost', '登记投放成本', { body: MarketCostInput, answer: IdAnswer }),
};

export const aiBossStatis = {
  getOverview: robot.post('/clue/aibossstatis/getOverview', 'AI 看板核心指标', {
    body: BoardFilter,
    answer: AiOverview,
  }),
  getTrend: robot.post('/clue/aibossstatis/getTrend', 'AI 看板趋势', {
    body: BoardFilter,
    answer: z.array(AiTrendPoint),
  }),
  getRank: robot.post('/clue/aibossstatis/getRank', 'AI 人效排行', { body: BoardFilter, answer: z.array(AiRankRow) }),
  exportRank: robot.post('/clue/aibossstatis/exportRank', '导出 AI 人效（.xlsx）', { body: BoardFilter }),
  exportTrend: robot.post('/clue/aibossstatis/exportTrend', '导出 AI 统计每日明细（.xlsx）', { body: BoardFilter }),
};

export const aiBossBulletinBoardCluster = {
  list: backend.post('/aiBossBulletinBoardCluster/list', 'AI 看板模块', { answer: AiPanels }),
  save: backend.post('/aiBossBulletinBoardCluster/save', '保存 AI 看板模块', { body: AiPanels, answer: AiPanels }),
};

export const customBoard = {
  list: backend.post('/customBoard/list', '自定义看板列表', { answer: z.array(CustomBoard) }),
  save: backend.post('/customBoard/save', '保存自定义看板', { body: CustomBoardInput, answer: IdAnswer }),
  delete: backend.post('/customBoard/delete', '删除自定义看板', { body: BoardId, answer: IdAnswer }),
  data: backend.post('/customBoard/data', '自定义看板数据', { body: BoardId, answer: BoardData }),
  export: backend.post('/customBoard/export', '导出自定义看板（.xlsx，每个图表一页）', { body: BoardId }),
  share: backend.post('/customBoard/share', '分享或取消分享自定义看板', {
    body: ShareInput,
    answer: z.object({ id: z.number(), shareToken: z.string().nullable(), shareExpiresAt: z.string().nullable() }),
  }),
  /**
   * The public /dashboard/:id: no session, the unguessable token names the board. Limited per IP; a malformed token
   * answers 链接无效, an expired one 链接已过期 (410), a revoked one or one whose sharer was disabled or lost the board
   * 分享链接已失效 (404).
   */
  shared: backend.post('/customBoard/shared', '查看分享的看板', {
    body: z.object({ token: shareToken }),
    answer: BoardData,
  }),
};

export const DEAL_PERIOD_OPTIONS = Object.entries(DealPeriod).map(([v, label]) => ({ value: Number(v), label }));
