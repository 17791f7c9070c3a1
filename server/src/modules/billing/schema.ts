import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The organisation's money ledger (fen). The balance row is `organization.balance`; every change of it is one row
 * here, written in the same transaction, so that the balance is always the sum of the entries. Rows are never
 * updated nor deleted: a correction is another entry.
 */
export const billingEntry = pgTable(
  'billing_entry',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    /** EntryType: opening, recharge, manual, call_fee, seat_fee, pack, refund. */
    type: varchar('type', { length: 16 }).notNull(),
    /** Signed fen: credits positive, charges negative. */
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    balanceAfterFen: bigint('balance_after_fen', { mode: 'number' }).notNull(),
    /** What the entry is for (`recharge:<no>`, `call:<id>`…): posting again with it changes nothing. */
    refKey: varchar('ref_key', { length: 120 }).notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_entry_ref_uq').on(t.organizationId, t.refKey),
    index('billing_entry_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('billing_entry_org_type_idx').on(t.organizationId, t.type, t.createdAt),
    check('billing_entry_balance_not_negative', sql`${t.balanceAfterFen} >= 0`),
  ],
);

/** Call fee per started minute, by line (the trunk or number pool a call went out on); line '*' is the default. */
export const callRate = pgTable(
  'billing_call_rate',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    line: varchar('line', { length: 50 }).notNull(),
    rateFenPerMinute: integer('rate_fen_per_minute').notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_call_rate_line_uq').on(t.organizationId, t.line)],
);

/** The organisation's monthly fee per seat (an enabled user), charged by the seat-fee job; no row: no fee. */
export const seatRate = pgTable('billing_seat_rate', {
  organizationId: integer('organization_id').primaryKey(),
  fenPerMonth: integer('fen_per_month').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One charged call: its minutes at the line's rate, and the ledger entry that paid it. */
export const callFee = pgTable(
  'billing_call_fee',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    callId: varchar('call_id', { length: 64 }).notNull(),
    line: varchar('line', { length: 50 }).notNull(),
    userId: integer('user_id'),
    billableSeconds: integer('billable_seconds').notNull(),
    minutes: integer('minutes').notNull(),
    rateFenPerMinute: integer('rate_fen_per_minute').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_call_fee_call_uq').on(t.organizationId, t.callId),
    index('billing_call_fee_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/** A recharge through a payment gateway (WeChat Pay Native, Alipay page pay). */
export const rechargeOrder = pgTable(
  'billing_recharge',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    /** Our out_trade_no, unique over every organisation (the gateway knows only it). */
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    /** 'wechat' | 'alipay'. */
    channel: varchar('channel', { length: 16 }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** RechargeStatus: 1 待支付, 2 已支付, 3 已关闭. */
    status: smallint('status').notNull().default(1),
    /** WeChat code_url (shown as a QR code) or the Alipay page-pay address. */
    payUrl: varchar('pay_url', { length: 4000 }).notNull().default(''),
    gatewayTradeNo: varchar('gateway_trade_no', { length: 64 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    entryId: bigint('entry_id', { mode: 'number' }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_recharge_no_uq').on(t.orderNo),
    index('billing_recharge_org_created_idx').on(t.organizationId, t.createdAt),
    check('billing_recharge_amount_positive', sql`${t.amountFen} > 0`),
  ],
);

/** An invoice applied for by the organisation and issued by the operator by hand. */
export const invoice = pgTable(
  'billing_invoice',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    /** InvoiceType: 1 增值税普通发票, 2 增值税专用发票. */
    type: smallint('type').notNull(),
    /** InvoiceTitleType: 1 企业, 2 个人. */
    titleType: smallint('title_type').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    taxNo: varchar('tax_no', { length: 30 }).notNull().default(''),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    email: varchar('email', { length: 100 }).notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    /** InvoiceStatus: 1 待开票, 2 已开票, 3 已驳回. */
    status: smallint('status').notNull().default(1),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [index('billing_invoice_org_created_idx').on(t.organizationId, t.createdAt)],
);

/** The organisation's certification (企业认证): the latest submission and its review by the operator. */
export const orgCertification = pgTable('billing_certification', {
  organizationId: integer('organization_id').primaryKey(),
  /** 1 审核中, 2 已认证, 3 未通过 (no row: 0 未认证). */
  status: smallint('status').notNull(),
  companyName: varchar('company_name', { length: 100 }).notNull(),
  creditCode: varchar('credit_code', { length: 18 }).notNull(),
  licenseUrl: varchar('license_url', { length: 500 }).notNull(),
  rejectReason: varchar('reject_reason', { length: 200 }),
  submittedBy: integer('submitted_by'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
});

/** A pack of leads bought from the lead vendor: 获客宝 ('hkb') or 精准线索 ('jing'). */
export const acquisitionOrder = pgTable(
  'acquisition_order',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    packageName: varchar('package_name', { length: 100 }).notNull(),
    leadCount: integer('lead_count').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('acquisition_order_no_uq').on(t.organizationId, t.orderNo),
    index('acquisition_order_org_idx').on(t.organizationId, t.kind, t.createdAt),
  ],
);

/** One lead the vendor delivered and charged to a pack. */
export const acquisitionUsage = pgTable(
  'acquisition_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    userId: integer('user_id'),
    leadName: varchar('lead_name', { length: 50 }).notNull(),
    company: varchar('company', { length: 100 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull(),
    region: varchar('region', { length: 60 }).notNull().default(''),
    costFen: bigint('cost_fen', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('acquisition_usage_org_idx').on(t.organizationId, t.kind, t.createdAt)],
);

/** A user's 精准线索 security check: the detail answers until `verified_until`. */
export const acquisitionCheck = pgTable('acquisition_check', {
  userId: integer('user_id').primaryKey(),
  organizationId: integer('organization_id').notNull(),
  verifiedUntil: timestamp('verified_until', { withTimezone: true }).notNull(),
});

/**
 * An enterprise order (企业订单): a product the organisation bought from the vendor or tried. A trial is taken once
 * per product (the partial unique index); the pack it opened lives in the cost centre (packId).
 */
export const vendorOrder = pgTable(
  'billing_vendor_order',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    /** VendorProduct: 'ai_analyze' | 'guidance'. */
    product: varchar('product', { length: 32 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** VendorOrderType: 1 购买, 2 试用. */
    type: smallint('type').notNull(),
    units: integer('units').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull().default(0),
    packId: integer('pack_id'),
    /** The ledger entry that paid it (a purchase from the balance). */
    entryId: bigint('entry_id', { mode: 'number' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_vendor_order_no_uq').on(t.orderNo),
    uniqueIndex('billing_vendor_order_trial_uq').on(t.organizationId, t.product).where(sql`${t.type} = 2`),
    index('billing_vendor_order_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);
