import {
  bigint,
  boolean,
  date,
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

/**
 * Rollups of the statistics module, refreshed incrementally by its job (rollup.ts) from the read models the leads
 * and telephony modules publish; the screens read them, and today's figures live, so that a statistics call stays
 * fast over millions of calls and leads.
 */

/** Per Shanghai day and user: calls (answered, missed, talk time), leads taken, follow-ups. Days before today. */
export const statsUserDay = pgTable(
  'stats_user_day',
  {
    organizationId: integer('organization_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    calls: integer('calls').notNull().default(0),
    answered: integer('answered').notNull().default(0),
    missed: integer('missed').notNull().default(0),
    talkSeconds: bigint('talk_seconds', { mode: 'number' }).notNull().default(0),
    taken: integer('taken').notNull().default(0),
    followUps: integer('follow_ups').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day, t.userId] })],
);

/** Live leads per creation day, owner and one dimension's value (follow-up status, stage, source): a snapshot. */
export const statsLeadDay = pgTable(
  'stats_lead_day',
  {
    organizationId: integer('organization_id').notNull(),
    dim: smallint('dim').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ownerId: integer('owner_id').notNull(),
    value: integer('value').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.dim, t.day, t.ownerId, t.value] })],
);

/** How far each rollup of an organisation is: `coveredUntil` the first day not in it, `refreshedAt` its last run. */
export const statsRefresh = pgTable(
  'stats_refresh',
  {
    organizationId: integer('organization_id').notNull(),
    source: varchar('source', { length: 20 }).notNull(),
    coveredUntil: date('covered_until', { mode: 'string' }),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.source] })],
);

/** The lead snapshot summed per calendar month (day: the month's first day): a year's figures read few rows. */
export const statsLeadMonth = pgTable(
  'stats_lead_month',
  {
    organizationId: integer('organization_id').notNull(),
    dim: smallint('dim').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    ownerId: integer('owner_id').notNull(),
    value: integer('value').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.dim, t.month, t.ownerId, t.value] })],
);

/** Deals (confirmed orders) per signing day and owner: a snapshot, refreshed with the lead snapshot. */
export const statsDealDay = pgTable(
  'stats_deal_day',
  {
    organizationId: integer('organization_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ownerId: integer('owner_id').notNull(),
    orders: integer('orders').notNull(),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull(),
    paidFen: bigint('paid_fen', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day, t.ownerId] })],
);

/** Which reports an organisation sends, and to whom. */
export const statsReportSetting = pgTable('stats_report_setting', {
  organizationId: integer('organization_id').primaryKey(),
  daily: boolean('daily').notNull().default(false),
  weekly: boolean('weekly').notNull().default(false),
  monthly: boolean('monthly').notNull().default(false),
  receiverIds: integer('receiver_ids').array().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A report as computed by its job: 1 daily, 2 weekly, 3 monthly; its figures as they were then, and who got it. */
export const statsReport = pgTable(
  'stats_report',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    type: smallint('type').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    receiverIds: integer('receiver_ids').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stats_report_period_uq').on(t.organizationId, t.type, t.startDate)],
);

/** Employee performance: a user's target of new leads for a calendar month (month: its first day). */
export const statsTarget = pgTable(
  'stats_target',
  {
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    target: integer('target').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.month, t.userId] })],
);
