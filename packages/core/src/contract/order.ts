import { z } from 'zod';
import { CustomerStage } from '../enums';
import { fenField } from './billing';
import { IdAnswer, robot } from './call';
import {
  clearableText,
  codeField,
  dateTimeField,
  idField,
  intField,
  keywordField,
  nameField,
  optionalCode,
  optionalId,
  optionalText,
  pageOf,
  pageQuery,
} from './fields';
import { IMAGE_URL_RE } from './upload';

/**
 * Products (/crmProduct) and orders (/crmOrder), under /api/robot. Money is whole fen; a line's total is
 * quantity × unit price × discount, rounded half up to the fen once per line (see lineTotalFen), and the order's
 * total is the sum of its lines. Custom order and product fields are the /clueOrderField definitions (type 1, 3).
 */

export const ORDER_STATUSES = [1, 2, 3, 4, 5, 6] as const;
export const OrderStatusName = {
  1: '草稿',
  2: '已确认',
  3: '部分回款',
  4: '已回款',
  5: '已退款',
  6: '已取消',
} as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_METHODS = ['银行转账', '微信', '支付宝', '现金', 'POS 刷卡', '其他'] as const;

/** Full price: the discount in basis points (1/100 of a percent), 10000 = 100%. */
export const FULL_PRICE_BP = 10_000;

/**
 * A line's total in fen: quantity × unit price (fen) × discount (basis points) / 10000, rounded half up to the fen.
 * Integer arithmetic only (BigInt: the product may pass 2^53 before the division).
 */
export function lineTotalFen(quantity: number, unitPriceFen: number, discountBp: number): number {
  const n = BigInt(quantity) * BigInt(unitPriceFen) * BigInt(discountBp);
  return Number((n + BigInt(FULL_PRICE_BP / 2)) / BigInt(FULL_PRICE_BP));
}

/** 8500 bp → '85%'; 8550 → '85.5%'. */
export function discountText(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const frac = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${frac ? `.${frac}` : ''}%`;
}

const dateOnly = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label}不是有效日期`);

const custom = z.record(z.string(), z.unknown(), { error: '自定义字段格式不正确' }).optional();

// ---- products

export const ProductInput = z.object({
  name: nameField('产品名称', 100),
  code: z
    .string({ error: '请输入产品编码' })
    .trim()
    .min(1, '请输入产品编码')
    .max(50, '产品编码最多 50 个字')
    .regex(/^[\w.-]+$/, '产品编码只能是字母、数字和 _ . -'),
  unit: nameField('单位', 10),
  priceFen: fenField('标准价格', 0),
  category: optionalText('产品分类', 50),
  onSale: codeField('上架状态', [1, 2] as const).default(1),
  custom,
  remark: optionalText('备注', 500),
});
export const ProductUpdate = ProductInput.partial().extend({
  id: idField('产品'),
  category: clearableText('产品分类', 50),
  remark: clearableText('备注', 500),
});
export const ProductFilter = z.object({
  ...pageQuery,
  keyword: keywordField,
  category: optionalText('产品分类', 50),
  onSale: optionalCode('上架状态', [1, 2] as const),
});
export const Product = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  unit: z.string(),
  priceFen: z.number(),
  category: z.string().nullable(),
  onSale: z.number(),
  onSaleName: z.string(),
  custom: z.record(z.string(), z.unknown()),
  remark: z.string().nullable(),
  createdAt: z.string().nullable(),
});

// ---- orders

export const OrderLineInput = z.object({
  productId: idField('产品'),
  quantity: intField('数量', 1, 1_000_000),
  unitPriceFen: fenField('单价', 0),
  /** Basis points: 10000 full price, 8500 = 85%. */
  discountBp: intField('折扣', 1, FULL_PRICE_BP).default(FULL_PRICE_BP),
});

/** Uploaded through the product's upload (its image address); any other address is refused. */
export const ATTACHMENT_NOT_UPLOADED = '附件须为本系统上传的文件，请重新上传';
export const Attachment = z.object({
  name: nameField('附件名称', 100),
  url: z
    .string({ error: ATTACHMENT_NOT_UPLOADED })
    .trim()
    .max(500, '附件地址过长')
    .regex(IMAGE_URL_RE, ATTACHMENT_NOT_UPLOADED),
});

const orderFields = {
  clueId: idField('客户'),
  ownerId: optionalId('负责人'),
  signedOn: dateOnly('签约日期'),
  lines: z.array(OrderLineInput, { error: '请添加产品' }).min(1, '请至少添加一个产品').max(100, '产品最多 100 行'),
  attachments: z.array(Attachment, { error: '附件列表不正确' }).max(20, '附件最多 20 个').default([]),
  custom,
  remark: optionalText('备注', 500),
};
export const OrderInput = z.object({
  ...orderFields,
  /** 1 draft or 2 confirmed. */
  status: codeField('订单状态', [1, 2] as const).default(2),
});
export const OrderUpdate = z.object({
  id: idField('订单'),
  ownerId: orderFields.ownerId,
  signedOn: orderFields.signedOn.optional(),
  lines: orderFields.lines.optional(),
  attachments: z.array(Attachment, { error: '附件列表不正确' }).max(20, '附件最多 20 个').optional(),
  custom,
  remark: clearableText('备注', 500),
});

export const OrderFilter = z.object({
  ...pageQuery,
  keyword: keywordField,
  ownerId: optionalId('负责人'),
  deptId: optionalId('部门'),
  status: optionalCode('订单状态', ORDER_STATUSES),
  productId: optionalId('产品'),
  clueId: optionalId('客户'),
  /** Signing date range. */
  startTime: dateTimeField,
  endTime: dateTimeField,
  minAmountFen: z.preprocess((v) => (v === '' || v === null ? undefined : v), fenField('最低金额', 0).optional()),
  maxAmountFen: z.preprocess((v) => (v === '' || v === null ? undefined : v), fenField('最高金额', 0).optional()),
});

export const OrderRow = z.object({
  id: z.number(),
  orderNo: z.string(),
  clueId: z.number().nullable(),
  customerName: z.string(),
  ownerId: z.number(),
  ownerName: z.string().nullable(),
  deptName: z.string().nullable(),
  status: z.number(),
  statusName: z.string(),
  totalFen: z.number(),
  paidFen: z.number(),
  unpaidFen: z.number(),
  productNames: z.string(),
  signedOn: z.string(),
  createdAt: z.string().nullable(),
});

export const OrderLine = z.object({
  id: z.number(),
  productId: z.number(),
  productName: z.string(),
  productCode: z.string(),
  unit: z.string(),
  quantity: z.number(),
  unitPriceFen: z.number(),
  discountBp: z.number(),
  discountText: z.string(),
  lineTotalFen: z.number(),
});
export const Payment = z.object({
  id: z.number(),
  amountFen: z.number(),
  paidOn: z.string(),
  method: z.string(),
  remark: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export const OrderEvent = z.object({
  id: z.number(),
  action: z.string(),
  content: z.string(),
  userName: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export const OrderDetail = OrderRow.extend({
  lines: z.array(OrderLine),
  payments: z.array(Payment),
  history: z.array(OrderEvent),
  attachments: z.array(Attachment),
  custom: z.record(z.string(), z.unknown()),
  remark: z.string().nullable(),
  customerStage: z.number().nullable(),
  customerStageName: z.string().nullable(),
});

export const PaymentInput = z.object({
  orderId: idField('订单'),
  amountFen: fenField('回款金额', 1),
  paidOn: dateOnly('回款日期'),
  method: z.enum(PAYMENT_METHODS, { error: `回款方式只能是 ${PAYMENT_METHODS.join('、')}` }),
  remark: optionalText('备注', 200),
});
export const StatusInput = z.object({
  id: idField('订单'),
  /** 2 confirm a draft, 5 refund a paid order, 6 cancel an unpaid one. */
  status: codeField('订单状态', [2, 5, 6] as const),
  reason: optionalText('原因', 200),
});

const STAGE_CODES = Object.keys(CustomerStage).map(Number) as [number, ...number[]];
export const OrderSetting = z.object({
  /** The customer stage a fully paid order moves its customer to; null: none. */
  paidStage: z.number().nullable(),
  stages: z.array(z.object({ value: z.number(), label: z.string() })),
});
export const OrderSettingInput = z.object({
  paidStage: z.preprocess((v) => (v === '' || v === 0 ? null : v), codeField('回款后客户阶段', STAGE_CODES).nullable()),
});

export const product = {
  pagelist: robot.post('/crmProduct/pagelist', '产品列表', { body: ProductFilter, answer: pageOf(Product) }),
  add: robot.post('/crmProduct/add', '新增产品', { body: ProductInput, answer: IdAnswer }),
  update: robot.post('/crmProduct/update', '编辑产品', { body: ProductUpdate, answer: IdAnswer }),
  delete: robot.post('/crmProduct/delete', '删除产品', { body: z.object({ id: idField('产品') }), answer: IdAnswer }),
};

export const order = {
  pagelist: robot.post('/crmOrder/pagelist', '订单列表', {
    body: OrderFilter,
    /** totalExact false: more than 10,000 matches, the total is the planner's estimate (约 N 条). */
    answer: pageOf(OrderRow).extend({ totalExact: z.boolean() }),
  }),
  add: robot.post('/crmOrder/add', '新增订单', {
    body: OrderInput,
    answer: z.object({ id: z.number(), orderNo: z.string() }),
  }),
  update: robot.post('/crmOrder/update', '编辑订单', { body: OrderUpdate, answer: IdAnswer }),
  delete: robot.post('/crmOrder/delete', '删除订单', { body: z.object({ id: idField('订单') }), answer: IdAnswer }),
  detail: robot.post('/crmOrder/detail', '订单详情', { body: z.object({ id: idField('订单') }), answer: OrderDetail }),
  export: robot.post('/crmOrder/export', '导出订单（.xlsx）', { body: OrderFilter }),
  addPayment: robot.post('/crmOrder/addPayment', '登记回款', { body: PaymentInput, answer: IdAnswer }),
  changeStatus: robot.post('/crmOrder/changeStatus', '确认、退款或取消订单', { body: StatusInput, answer: IdAnswer }),
  getSetting: robot.post('/crmOrder/getSetting', '订单设置', { answer: OrderSetting }),
  saveSetting: robot.post('/crmOrder/saveSetting', '保存订单设置', { body: OrderSettingInput, answer: OrderSetting }),
};
