import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export interface UserTargetRow {
  userId: number;
  targetCount: number;
  targetFen: number;
}

/** A deals board's configuration (/dealsBoardSettings): period, what counts as a deal, who appears, targets. */
export const dealBoardSetting = pgTable(
  'deal_board_setting',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    name: varchar('name', { length: 30 }).notNull(),
    /** DealPeriod: 1 day, 2 week, 3 month, 4 quarter, 5 year. */
    periodType: smallint('period_type').notNull(),
    /** Order statuses counted as a deal. */
    dealStatuses: smallint('deal_statuses').array().notNull(),
    /** DealAmountType: 1 order amount, 2 paid amount. */
    amountType: smallint('amount_type').notNull(),
    /** Who appears; empty: everyone the viewer sees. */
    userIds: integer('user_ids').array().notNull().default(sql`'{}'::int[]`),
    teamTargetCount: integer('team_target_count').notNull().default(0),
    teamTargetFen: bigint('team_target_fen', { mode: 'number' }).notNull().default(0),
    userTargets: jsonb('user_targets').$type<UserTargetRow[]>().notNull().default([]),
    isDefault: smallint('is_default').notNull().default(2),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('deal_board_setting_org_name_uq').on(t.organizationId, t.name)],
);

/** What the organisation spent on a lead source in a month (the market board's cost). */
export const marketCost = pgTable(
  'market_cost',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    /** 'YYYY-MM'. */
    month: varchar('month', { length: 7 }).notNull(),
    channelSourceId: integer('channel_source_id').notNull(),
    costFen: bigint('cost_fen', { mode: 'number' }).notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('market_cost_org_month_source_uq').on(t.organizationId, t.month, t.channelSourceId)],
);

/** The AI dashboard's panels of an organisation, in order (/aiBossBulletinBoardCluster). */
export const aiBoardPanels = pgTable('ai_board_panels', {
  organizationId: integer('organization_id').primaryKey(),
  panels: text('panels').array().notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export interface PanelRow {
  title: string;
  metric: string;
  chart: string;
  range: string;
  span: number;
}

/**
 * A custom board (/afterSaleChartp). Shared, it has a random token that the public /dashboard/:id opens; the data it
 * shows there is that of `shareUserIds`, the sharer's data scope when sharing (null: the whole organisation), narrowed
 * to the sharer's scope of the moment. The link dies at `shareExpiresAt`, or when the sharer is disabled or loses the
 * right to share boards (board:edit).
 */
export const customBoard = pgTable(
  'custom_board',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    name: varchar('name', { length: 30 }).notNull(),
    panels: jsonb('panels').$type<PanelRow[]>().notNull(),
    shareToken: varchar('share_token', { length: 64 }),
    shareUserIds: integer('share_user_ids').array(),
    sharedBy: integer('shared_by'),
    /** The link works until then (set when sharing: 7, 30 or 90 days, or the end of a chosen day). */
    shareExpiresAt: timestamp('share_expires_at', { withTimezone: true }),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('custom_board_org_idx').on(t.organizationId, t.id),
    uniqueIndex('custom_board_share_uq').on(t.shareToken).where(sql`${t.shareToken} is not null`),
  ],
);

/**
 * The leads staff hold, counted per Shanghai creation day, owner, import channel, source (0: none) and stage: a
 * snapshot of the clue module's read model (clue/readModel.ts) that the market board and the stage funnel read, so
 * that they stay fast over millions of leads. Rebuilt by the boards.leads job every 5 minutes (leadRollup.ts).
 */
export const boardLeadDay = pgTable(
  'board_lead_day',
  {
    organizationId: integer('organization_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ownerId: integer('owner_id').notNull(),
    importWay: smallint('import_way').notNull(),
    sourceId: integer('source_id').notNull(),
    stage: smallint('stage').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day, t.ownerId, t.importWay, t.sourceId, t.stage] })],
);

/**
 * Orders per signing day, owner, status and the import channel and source of their lead (0: none): the market board's
 * deals by source, a snapshot kept by the same job (joining orders to leads live over a quarter was what was slow).
 */
export const boardDealDay = pgTable(
  'board_deal_day',
  {
    organizationId: integer('organization_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ownerId: integer('owner_id').notNull(),
    status: smallint('status').notNull(),
    importWay: smallint('import_way').notNull(),
    sourceId: integer('source_id').notNull(),
    n: integer('n').notNull(),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day, t.ownerId, t.status, t.importWay, t.sourceId] })],
);

/**
 * Calls per Shanghai day and user (count, answered, talk seconds) for the days before `callsCoveredUntil`, kept by the
 * same job from telephony's read model (telephony/readModel.ts); the AI boards add today's calls live.
 */
export const boardCallDay = pgTable(
  'board_call_day',
  {
    organizationId: integer('organization_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    calls: integer('calls').notNull(),
    answered: integer('answered').notNull(),
    talkSeconds: bigint('talk_seconds', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day, t.userId] })],
);

/** How fresh an organisation's rollups are (its first board call builds them). */
export const boardRefresh = pgTable('board_refresh', {
  organizationId: integer('organization_id').primaryKey(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  /** The first day not in board_call_day. */
  callsCoveredUntil: date('calls_covered_until', { mode: 'string' }),
});
