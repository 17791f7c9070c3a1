import { z } from 'zod';
import { backend, IdAnswer } from './call';
import {
  dateTimeField,
  num,
  operatorTarget,
  optionalCode,
  optionalId,
  optionalText,
  pageOf,
  pageQuery,
} from './fields';

/**
 * /organizationCostCenter (费用中心), under /api/backend: the prepaid packs (资源包) an organisation buys and what it
 * spends of them. This round serves the AI analysis packs (units: minutes of call analysed); guidance packs and
 * recharge (group H) reuse the same ledger later.
 */

/** How a pack came to the organisation. */
export const PACK_SOURCES = ['trial', 'purchase', 'grant'] as const;
export type PackSource = (typeof PACK_SOURCES)[number];
export const PackSourceName: Record<PackSource, string> = { trial: '试用', purchase: '购买', grant: '赠送' };

/** A pack's state: 1 in force, 2 used up, 3 expired (expiry wins over used up). */
export const PACK_STATES = [1, 2, 3] as const;
export const PackStateName = { 1: '生效中', 2: '已用完', 3: '已过期' } as const;

export const AiAnalyzeBalance = z.object({
  /** Minutes left in the unexpired packs. */
  balance: z.number(),
  /** The balance as shown: '2,950 分钟'. */
  totalStr: z.string(),
  /** Expiry of the soonest-expiring pack that still has minutes, 'YYYY-MM-DD HH:mm:ss'; null when none. */
  expTime: z.string().nullable(),
  /** '2027-11-23 到期', or '--' when no pack has minutes. */
  expStr: z.string(),
  /** 1 when the balance is under 10% of the unexpired packs' minutes or under 60 minutes. */
  isLess: z.number(),
  /** 1 when AI analysis is metered (charged against the balance), 0 when not. */
  openAiCharging: z.number(),
  /** Fen per minute (organisation setting aiUnitPrice). */
  unitPriceFen: z.number(),
});

export const PackFilter = z.object({
  ...pageQuery,
  state: optionalCode('状态', PACK_STATES),
  /** Purchase time range. */
  startTime: dateTimeField,
  endTime: dateTimeField,
});

export const CostPack = z.object({
  id: z.number(),
  name: z.string(),
  totalUnits: z.number(),
  usedUnits: z.number(),
  leftUnits: z.number(),
  priceFen: z.number(),
  source: z.enum(PACK_SOURCES),
  sourceName: z.string(),
  state: z.number(),
  stateName: z.string(),
  startsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string().nullable(),
});

export const UsageFilter = z.object({
  ...pageQuery,
  startTime: dateTimeField,
  endTime: dateTimeField,
  userId: optionalId('使用人'),
});

export const CostUsage = z.object({
  id: z.number(),
  createdAt: z.string().nullable(),
  recordingId: z.number().nullable(),
  units: z.number(),
  costFen: z.number(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  remark: z.string().nullable(),
  packId: z.number(),
});

/** A required whole number from `min` to `max` (intField, with a message when it is missing). */
const requiredInt = (label: string, min: number, max: number, unit: string) =>
  num(
    z
      .number({ error: `请输入${label}` })
      .int(`${label}须为整数`)
      .min(min, `${label}不能小于 ${min}${unit}`)
      .max(max, `${label}不能大于 ${max}${unit}`),
  );

export const AddPackInput = z.object({
  ...operatorTarget,
  units: requiredInt('分钟数', 1, 1_000_000, ' 分钟'),
  days: requiredInt('有效天数', 1, 3650, ' 天'),
  priceFen: requiredInt('支付金额', 0, 10_000_000_000, ' 分'),
  name: optionalText('资源包名称', 100),
});

export const costCenter = {
  getAiAnalyzeBalance: backend.post('/organizationCostCenter/getAiAnalyzeBalance', 'AI 分析余额（AI 账户）', {
    answer: AiAnalyzeBalance,
  }),
  aiAnalyzePackDetailsPageList: backend.post(
    '/organizationCostCenter/aiAnalyzePackDetailsPageList',
    'AI 分析资源包列表',
    { body: PackFilter, answer: pageOf(CostPack) },
  ),
  getAiAnalyzeRecordList: backend.post('/organizationCostCenter/getAiAnalyzeRecordList', 'AI 分析使用记录', {
    body: UsageFilter,
    answer: pageOf(CostUsage),
  }),
  /** A pack granted by the installation operator (赠送, or sold outside the product at `priceFen`). */
  addAiAnalyzePack: backend.post('/organizationCostCenter/addAiAnalyzePack', '赠送 AI 分析资源包（运营人员）', {
    body: AddPackInput,
    answer: IdAnswer,
    operator: true,
  }),
};
