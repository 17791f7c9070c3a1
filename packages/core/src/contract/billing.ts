import { z } from 'zod';
import { isCreditCode } from '../creditCode';
import { backend, IdAnswer, NoAnswer } from './call';
import {
  codeField,
  dateTimeField,
  idField,
  keywordField,
  nameField,
  num,
  operatorTarget,
  optionalCode,
  optionalId,
  optionalText,
  pageOf,
  pageQuery,
} from './fields';

/**
 * The money side of the cost centre (费用中心), under /api/backend: the organisation's balance (fen) and its ledger,
 * recharge through WeChat Pay / Alipay (/pay, /payNew), a credit by hand, call fees by line, seats, invoices and
 * payments. Every amount is whole fen; the web shows it ÷100 with two decimals and thousands separators.
 */

export const ENTRY_TYPE_NAMES = {
  opening: '期初余额',
  recharge: '在线充值',
  manual: '人工入账',
  call_fee: '通话费',
  seat_fee: '坐席费',
  pack: '购买资源包',
  refund: '退款',
} as const;
export type EntryTypeCode = keyof typeof ENTRY_TYPE_NAMES;
const ENTRY_TYPE_CODES = Object.keys(ENTRY_TYPE_NAMES) as [EntryTypeCode, ...EntryTypeCode[]];

export const CHANNELS = ['wechat', 'alipay'] as const;
export const ChannelName = { wechat: '微信支付', alipay: '支付宝' } as const;
export const RECHARGE_STATUSES = [1, 2, 3] as const;
export const RechargeStatusName = { 1: '待支付', 2: '已支付', 3: '已关闭' } as const;
export const INVOICE_TYPES = [1, 2] as const;
export const InvoiceTypeName = { 1: '增值税普通发票', 2: '增值税专用发票' } as const;
export const INVOICE_TITLE_TYPES = [1, 2] as const;
export const InvoiceTitleTypeName = { 1: '企业', 2: '个人' } as const;
export const INVOICE_STATUSES = [1, 2, 3] as const;
export const InvoiceStatusName = { 1: '待开票', 2: '已开票', 3: '已驳回' } as const;

/** Whole fen from `min` to `max`, with the field's label in the messages. */
export const fenField = (label: string, min: number, max = 10_000_000_000) =>
  num(
    z
      .number({ error: `请输入${label}` })
      .int(`${label}须为整数（单位：分）`)
      .min(min, `${label}不能小于 ${min} 分`)
      .max(max, `${label}不能大于 ${max} 分`),
  );

const range = { startTime: dateTimeField, endTime: dateTimeField };

export const Balance = z.object({
  balanceFen: z.number(),
  /** The channels configured on this installation; empty: online recharge is not available (the operator credits). */
  channels: z.array(z.enum(CHANNELS)),
});

export const EntryFilter = z.object({
  ...pageQuery,
  ...range,
  type: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(ENTRY_TYPE_CODES, { error: '类型不正确' }).optional(),
  ),
});
export const Entry = z.object({
  id: z.number(),
  type: z.string(),
  typeName: z.string(),
  amountFen: z.number(),
  balanceAfterFen: z.number(),
  remark: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string().nullable(),
});

export const ManualCreditInput = z.object({
  ...operatorTarget,
  amountFen: fenField('入账金额', 1),
  reason: nameField('入账原因', 200),
});

export const CallRate = z.object({
  id: z.number(),
  line: z.string(),
  rateFenPerMinute: z.number(),
  updatedAt: z.string().nullable(),
});
export const CallRateInput = z.object({
  ...operatorTarget,
  line: nameField('线路', 50),
  rateFenPerMinute: fenField('每分钟费率', 0, 100_000),
});
export const CallFeeFilter = z.object({
  ...pageQuery,
  ...range,
  line: optionalText('线路', 50),
  userId: optionalId('坐席'),
});
export const CallFeeRow = z.object({
  id: z.number(),
  callId: z.string(),
  line: z.string(),
  userName: z.string().nullable(),
  billableSeconds: z.number(),
  minutes: z.number(),
  rateFenPerMinute: z.number(),
  amountFen: z.number(),
  createdAt: z.string().nullable(),
});

export const SeatCount = z.object({
  /** Users of the organisation who can sign in (enabled). */
  seatCount: z.number(),
  disabledCount: z.number(),
  /** Seat fees charged to the balance (fen), all time. */
  seatFeeFen: z.number(),
  /** The monthly fee per seat (fen); 0: no seat fee. */
  seatRateFenPerMonth: z.number(),
});
export const SeatRateInput = z.object({ ...operatorTarget, fenPerMonth: fenField('坐席月租', 0, 10_000_000) });
export const SeatRow = z.object({
  id: z.number(),
  realName: z.string(),
  username: z.string(),
  status: z.number(),
  statusName: z.string(),
  createdAt: z.string().nullable(),
});
export const SeatFilter = z.object({ ...pageQuery, status: optionalCode('状态', [1, 2] as const) });

export const RechargeInput = z.object({
  channel: z.enum(CHANNELS, { error: '请选择支付方式：微信支付或支付宝' }),
  amountFen: fenField('充值金额', 100, 1_000_000_000),
});
export const RechargeOrder = z.object({
  orderNo: z.string(),
  channel: z.enum(CHANNELS),
  channelName: z.string(),
  amountFen: z.number(),
  status: z.number(),
  statusName: z.string(),
  /** WeChat: the code_url to show as a QR code; Alipay: the page to open. */
  payUrl: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export const RechargeQuery = z.object({
  orderNo: z.string({ error: '请输入订单号' }).trim().min(1, '请输入订单号').max(32, '订单号不正确'),
});
export const PaymentFilter = z.object({
  ...pageQuery,
  ...range,
  status: optionalCode('支付状态', RECHARGE_STATUSES),
  channel: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(CHANNELS, { error: '支付方式不正确' }).optional(),
  ),
});
export const PaymentRow = RechargeOrder.extend({ id: z.number(), createdByName: z.string().nullable() });

export const InvoiceDict = z.object({
  types: z.array(z.object({ value: z.number(), label: z.string() })),
  titleTypes: z.array(z.object({ value: z.number(), label: z.string() })),
  /** Titles this organisation used before, newest first, to pick from. */
  titles: z.array(z.object({ titleType: z.number(), title: z.string(), taxNo: z.string() })),
  /** What may still be invoiced: paid recharges less invoices applied for (not rejected). */
  invoiceableFen: z.number(),
});
export const InvoiceInput = z
  .object({
    type: codeField('发票类型', INVOICE_TYPES),
    titleType: codeField('抬头类型', INVOICE_TITLE_TYPES),
    title: nameField('发票抬头', 100),
    taxNo: optionalText('税号', 30),
    amountFen: fenField('开票金额', 1),
    email: z.string({ error: '请输入接收邮箱' }).trim().email('接收邮箱格式不正确').max(100, '接收邮箱最多 100 个字'),
    remark: optionalText('备注', 200),
  })
  .refine((v) => v.titleType === 2 || /^[0-9A-Z]{15,20}$/.test(v.taxNo ?? ''), {
    message: '企业抬头请填写 15-20 位税号（数字或大写字母）',
    path: ['taxNo'],
  })
  .refine((v) => v.type === 1 || v.titleType === 1, { message: '增值税专用发票只能开给企业', path: ['type'] });
export const InvoiceFilter = z.object({ ...pageQuery, ...range, status: optionalCode('开票状态', INVOICE_STATUSES) });
export const InvoiceRow = z.object({
  id: z.number(),
  type: z.number(),
  typeName: z.string(),
  titleType: z.number(),
  title: z.string(),
  taxNo: z.string(),
  amountFen: z.number(),
  email: z.string(),
  remark: z.string(),
  status: z.number(),
  statusName: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string().nullable(),
  handledAt: z.string().nullable(),
});

/**
 * Enterprise orders (企业订单): what the organisation ordered from the vendor (bought or tried), listed by
 * /bossOrderManagement/pagelist and detailed by /organizationAccountRecords/qyOrderDetail. A trial (onTrial) opens a
 * trial pack of an AI product once per organisation.
 */
export const VENDOR_PRODUCTS = ['ai_analyze', 'guidance'] as const;
export type VendorProduct = (typeof VENDOR_PRODUCTS)[number];
export const VendorProductName = {
  ai_analyze: 'AI 通话分析',
  guidance: 'AI 实时辅导',
  practice: 'AI 陪练',
  assistant: '话术助手',
} as const;
/** The coaching packs bought from the balance (issue 27): practice minutes, assistant answers. */
export const COACHING_PACKS = ['practice', 'assistant'] as const;
export type CoachingPack = (typeof COACHING_PACKS)[number];
export const CoachingPackUnit = { practice: '分钟', assistant: '次' } as const;
export const CoachingPackName = { practice: 'AI 陪练时长包', assistant: '话术助手次数包' } as const;
export const VENDOR_ORDER_TYPES = [1, 2] as const;
export const VendorOrderTypeName = { 1: '购买', 2: '试用' } as const;
export const VendorOrderStatusName = { 1: '生效中', 2: '已到期' } as const;
const vendorProduct = z.enum(VENDOR_PRODUCTS, { error: '请选择产品（AI 通话分析或 AI 实时辅导）' });

export const TrialInput = z.object({ product: vendorProduct });
export const VendorOrderFilter = z.object({
  ...pageQuery,
  ...range,
  keyword: keywordField,
  product: z.preprocess((v) => (v === '' || v === null ? undefined : v), vendorProduct.optional()),
  type: optionalCode('订单类型', VENDOR_ORDER_TYPES),
  status: optionalCode('订单状态', [1, 2] as const),
});
export const VendorOrder = z.object({
  id: z.number(),
  orderNo: z.string(),
  product: z.string(),
  productName: z.string(),
  name: z.string(),
  /** 1 购买, 2 试用. */
  type: z.number(),
  typeName: z.string(),
  units: z.number(),
  unitName: z.string(),
  amountFen: z.number(),
  /** 1 生效中, 2 已到期 (from the validity). */
  status: z.number(),
  statusName: z.string(),
  startsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export const VendorOrderDetail = VendorOrder.extend({
  usedUnits: z.number(),
  remainingUnits: z.number(),
  remainingDays: z.number(),
  /** How it was paid: 账户余额 (with the ledger entry) or 免费试用. */
  payWayName: z.string(),
  entryId: z.number().nullable(),
});
export const vendorOrders = {
  onTrial: backend.post('/organizationAccountRecords/onTrial', '申请试用（开通试用资源包）', {
    body: TrialInput,
    answer: VendorOrderDetail,
  }),
  detail: backend.post('/organizationAccountRecords/qyOrderDetail', '企业订单详情', {
    body: z.object({ id: idField('订单') }),
    answer: VendorOrderDetail,
  }),
  pageList: backend.post('/bossOrderManagement/pagelist', '企业订单（向服务商购买与试用）', {
    body: VendorOrderFilter,
    answer: pageOf(VendorOrder),
  }),
  export: backend.post('/bossOrderManagement/export', '导出企业订单（.xlsx）', {
    body: VendorOrderFilter.omit({ pageNum: true, pageSize: true }),
  }),
};

const cc = '/organizationCostCenter';
export const billing = {
  getBalance: backend.post(`${cc}/getBalance`, '账户余额', { answer: Balance }),
  accountRecordPageList: backend.post(`${cc}/accountRecordPageList`, '账户收支明细', {
    body: EntryFilter,
    answer: pageOf(Entry),
  }),
  accountRecordExport: backend.post(`${cc}/accountRecordExport`, '导出账户收支明细（.xlsx）', { body: EntryFilter }),
  /** Money, prices and grants are the installation operator's (`operator: true`): organisations read them only. */
  manualCredit: backend.post(`${cc}/manualCredit`, '人工入账（运营人员）', {
    body: ManualCreditInput,
    answer: IdAnswer,
    operator: true,
  }),
  callRateList: backend.post(`${cc}/callRateList`, '通话费率（按线路）', {
    answer: z.object({ lists: z.array(CallRate) }),
  }),
  saveCallRate: backend.post(`${cc}/saveCallRate`, '设置机构的线路通话费率（运营人员）', {
    body: CallRateInput,
    answer: IdAnswer,
    operator: true,
  }),
  callFeePageList: backend.post(`${cc}/callFeePageList`, '通话费明细', {
    body: CallFeeFilter,
    answer: pageOf(CallFeeRow),
  }),
  callFeeExport: backend.post(`${cc}/callFeeExport`, '导出通话费明细（.xlsx）', { body: CallFeeFilter }),
  getSeatCount: backend.post(`${cc}/getSeatCount`, '坐席数与坐席费', { answer: SeatCount }),
  seatPageList: backend.post(`${cc}/seatPageList`, '坐席列表', { body: SeatFilter, answer: pageOf(SeatRow) }),
  saveSeatRate: backend.post(`${cc}/saveSeatRate`, '设置机构的坐席月租（每个在用坐席每月，运营人员）', {
    body: SeatRateInput,
    answer: NoAnswer,
    operator: true,
  }),
  invoicePageList: backend.post(`${cc}/invoicePageList`, '发票列表', {
    body: InvoiceFilter,
    answer: pageOf(InvoiceRow),
  }),
  invoiceExport: backend.post(`${cc}/invoiceExport`, '导出发票列表（.xlsx）', { body: InvoiceFilter }),
  applyInvoice: backend.post(`${cc}/applyInvoice`, '申请开票', { body: InvoiceInput, answer: IdAnswer }),
  paymentPageList: backend.post(`${cc}/paymentPageList`, '充值支付记录', {
    body: PaymentFilter,
    answer: pageOf(PaymentRow),
  }),
  paymentExport: backend.post(`${cc}/paymentExport`, '导出充值支付记录（.xlsx）', { body: PaymentFilter }),
  buyAiPack: backend.post(`${cc}/buyAiAnalyzePack`, '用账户余额购买 AI 分析资源包', {
    body: z.object({
      units: num(
        z
          .number({ error: '请输入分钟数' })
          .int('分钟数须为整数')
          .min(1, '分钟数不能小于 1 分钟')
          .max(1_000_000, '分钟数不能大于 1000000 分钟'),
      ),
    }),
    answer: IdAnswer,
  }),
  buyCoachingPack: backend.post(`${cc}/buyCoachingPack`, '用账户余额购买 AI 陪练时长包或话术助手次数包', {
    body: z.object({
      product: z.enum(COACHING_PACKS, { error: '请选择资源包（AI 陪练或话术助手）' }),
      units: num(
        z
          .number({ error: '请输入数量' })
          .int('数量须为整数')
          .min(1, '数量不能小于 1')
          .max(1_000_000, '数量不能大于 1000000'),
      ),
    }),
    answer: IdAnswer,
  }),
  invoiceDict: backend.post('/dict/getInvoiceList', '发票字典（类型、抬头）', { answer: InvoiceDict }),
  payCreateOrder: backend.post('/pay/createOrder', '充值下单', { body: RechargeInput, answer: RechargeOrder }),
  payQueryOrder: backend.post('/pay/queryOrder', '查询充值订单', { body: RechargeQuery, answer: RechargeOrder }),
  payNewCreateOrder: backend.post('/payNew/createOrder', '充值下单（新）', {
    body: RechargeInput,
    answer: RechargeOrder,
  }),
  payNewQueryOrder: backend.post('/payNew/queryOrder', '查询充值订单（新）', {
    body: RechargeQuery,
    answer: RechargeOrder,
  }),
};

export const CertificationStatusName = { 0: '未认证', 1: '审核中', 2: '已认证', 3: '未通过' } as const;
export const Certification = z.object({
  /** 0 未认证, 1 审核中, 2 已认证, 3 未通过. */
  status: z.number(),
  statusName: z.string(),
  companyName: z.string().nullable(),
  creditCode: z.string().nullable(),
  licenseUrl: z.string().nullable(),
  rejectReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export const CertificationInput = z.object({
  companyName: nameField('企业名称', 100),
  creditCode: z
    .string({ error: '请输入统一社会信用代码' })
    .trim()
    .toUpperCase()
    .refine(isCreditCode, '统一社会信用代码不正确（18 位，末位为校验码）'),
  licenseUrl: z
    .string({ error: '请上传营业执照' })
    .trim()
    .max(500, '营业执照地址过长')
    .regex(/^(https?:\/\/|\/)\S+$/, '请上传营业执照'),
});
export const certification = {
  get: backend.post('/certification/get', '企业认证信息', { answer: Certification }),
  submit: backend.post('/certification/submit', '提交企业认证', { body: CertificationInput, answer: Certification }),
};
