import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/** A pool's automatic drop-in rule: an owned lead falls into the pool when any of the day counts is passed. */
export interface DropRule {
  enabled: boolean;
  /** Not followed up for N days (since the last follow-up, or since the owner got it). */
  notFollowDays: number | null;
  /** Not dialled for N days. */
  notCalledDays: number | null;
  /** Not turned into a customer (no deal) within N days of the owner getting it. */
  noDealDays: number | null;
  /** Only leads in these customer stages (none: every stage). */
  stages: number[];
  /** Locked leads never drop in. */
  exceptLocked: boolean;
  /** Customers (type 2) never drop in. */
  exceptCustomers: boolean;
}

/**
 * A public pool (公海). Its leads are rows of the lead table with is_in_sea = 1 and pool_id = this id. Who sees it:
 * the users and departments listed (both empty: everyone). Claim limits per user: per day and held at most (0: no
 * limit); a lead's previous owner waits reclaimDelayDays before claiming it again. The drop-in rule applies to the
 * leads owned by the pool's users (everyone's when it lists none); pools are tried in sort order.
 */
export const publicSeaPool = pgTable(
  'public_sea_pool',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    name: varchar('name', { length: 30 }).notNull(),
    sortNum: integer('sort_num').notNull().default(0),
    userIds: integer('user_ids').array().notNull().default(sql`'{}'::int[]`),
    deptIds: integer('dept_ids').array().notNull().default(sql`'{}'::int[]`),
    dailyClaimLimit: integer('daily_claim_limit').notNull().default(0),
    holdLimit: integer('hold_limit').notNull().default(0),
    reclaimDelayDays: integer('reclaim_delay_days').notNull().default(0),
    dropRule: jsonb('drop_rule').$type<DropRule>(),
    lastDropAt: timestamp('last_drop_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('public_sea_pool_org_idx').on(t.organizationId, t.sortNum)],
);
