import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** The organisation's product catalogue. */
export const crmProduct = pgTable(
  'crm_product',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    code: varchar('code', { length: 50 }).notNull(),
    unit: varchar('unit', { length: 10 }).notNull(),
    /** List price, fen. */
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    category: varchar('category', { length: 50 }),
    /** 1 on sale, 2 off sale. */
    onSale: smallint('on_sale').notNull().default(1),
    /** Values of the organisation's product fields (/clueOrderField type 3). */
    custom: jsonb('custom').$type<Record<string, unknown>>().notNull().default({}),
    remark: varchar('remark', { length: 500 }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('crm_product_code_uq').on(t.organizationId, t.code).where(sql`${t.deletedAt} is null`),
    index('crm_product_org_idx').on(t.organizationId, t.createdAt),
  ],
);

/** An order of a lead or customer. Totals are fen, computed on the server from the lines. */
export const crmOrder = pgTable(
  'crm_order',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    /** DD + signing-day YYYYMMDD (Shanghai) of its creation + the day's sequence: unique per organisation. */
    orderNo: varchar('order_no', { length: 24 }).notNull(),
    clueId: integer('clue_id'),
    /** The customer's name (or company) when the order was written, for lists and exports. */
    customerName: varchar('customer_name', { length: 100 }).notNull(),
    ownerId: integer('owner_id').notNull(),
    /** The owner's department when the order was written (the department filter). */
    deptId: integer('dept_id'),
    /** OrderStatus: 1 草稿 2 已确认 3 部分回款 4 已回款 5 已退款 6 已取消. */
    status: smallint('status').notNull(),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull(),
    paidFen: bigint('paid_fen', { mode: 'number' }).notNull().default(0),
    /** Product names of the lines, '、'-joined, for the list. */
    productNames: varchar('product_names', { length: 500 }).notNull().default(''),
    signedOn: date('signed_on', { mode: 'string' }).notNull(),
    attachments: jsonb('attachments').$type<{ name: string; url: string }[]>().notNull().default([]),
    custom: jsonb('custom').$type<Record<string, unknown>>().notNull().default({}),
    remark: varchar('remark', { length: 500 }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('crm_order_no_uq').on(t.organizationId, t.orderNo),
    index('crm_order_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('crm_order_owner_created_idx').on(t.organizationId, t.ownerId, t.createdAt, t.id),
    index('crm_order_status_created_idx').on(t.organizationId, t.status, t.createdAt, t.id),
    // a seat's orders of one status: counted from the index alone
    index('crm_order_owner_status_idx').on(t.organizationId, t.ownerId, t.status).where(sql`${t.deletedAt} is null`),
    index('crm_order_signed_idx').on(t.organizationId, t.signedOn),
    index('crm_order_clue_idx').on(t.organizationId, t.clueId),
    check('crm_order_paid_within_total', sql`${t.paidFen} >= 0 and ${t.paidFen} <= ${t.totalFen}`),
  ],
);

export const crmOrderLine = pgTable(
  'crm_order_line',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    orderId: integer('order_id').notNull(),
    productId: integer('product_id').notNull(),
    productName: varchar('product_name', { length: 100 }).notNull(),
    productCode: varchar('product_code', { length: 50 }).notNull(),
    unit: varchar('unit', { length: 10 }).notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceFen: bigint('unit_price_fen', { mode: 'number' }).notNull(),
    discountBp: integer('discount_bp').notNull(),
    lineTotalFen: bigint('line_total_fen', { mode: 'number' }).notNull(),
    sortNo: smallint('sort_no').notNull().default(0),
  },
  (t) => [
    index('crm_order_line_order_idx').on(t.orderId),
    index('crm_order_line_product_idx').on(t.organizationId, t.productId, t.orderId),
  ],
);

export const crmOrderPayment = pgTable(
  'crm_order_payment',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    orderId: integer('order_id').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    method: varchar('method', { length: 20 }).notNull(),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('crm_order_payment_order_idx').on(t.orderId)],
);

/** The order's history: created, edited, confirmed, payments, refunds, cancellations. */
export const crmOrderEvent = pgTable(
  'crm_order_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id'),
    action: varchar('action', { length: 20 }).notNull(),
    content: varchar('content', { length: 1000 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('crm_order_event_order_idx').on(t.orderId, t.createdAt)],
);

/** The last order number given per organisation and day: an upsert takes the next one (safe under concurrency). */
export const crmOrderSeq = pgTable(
  'crm_order_seq',
  {
    organizationId: integer('organization_id').notNull(),
    day: varchar('day', { length: 8 }).notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day] })],
);

/** Order settings of an organisation. */
export const crmOrderSetting = pgTable('crm_order_setting', {
  organizationId: integer('organization_id').primaryKey(),
  /** CustomerStage a fully paid order moves its customer to; null: none. */
  paidStage: smallint('paid_stage'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
