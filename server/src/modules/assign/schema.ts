import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Which new leads a rule takes: every list given must contain the lead's value (empty lists: any). */
export interface AssignConditions {
  channelSourceIds: number[];
  importWays: number[];
  /** Province or city codes (a province code takes its cities too). */
  areaCodes: string[];
  /** A custom field equal to one of the values. */
  customConditions: { fieldName: string; values: string[] }[];
}

/** A receiver of a rule: weight (weighted mode) and a daily cap (0: none). */
export interface AssignMember {
  userId: number;
  weight: number;
  dailyCap: number;
}

/**
 * An automatic assignment rule (/clue/autoassign). New leads (import, manual creation, open API) go to the first
 * enabled rule in sort order whose conditions they meet; mode 1 round robin, 2 weighted.
 */
export const autoAssignRule = pgTable(
  'auto_assign_rule',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    name: varchar('name', { length: 30 }).notNull(),
    /** 1 enabled, 2 disabled. */
    status: smallint('status').notNull().default(1),
    sortNum: integer('sort_num').notNull().default(0),
    conditions: jsonb('conditions').$type<AssignConditions>().notNull(),
    mode: smallint('mode').notNull().default(1),
    members: jsonb('members').$type<AssignMember[]>().notNull(),
    /** 1: users who are not at work (work status 离线) are skipped. */
    skipOffWork: smallint('skip_off_work').notNull().default(2),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auto_assign_rule_org_idx').on(t.organizationId, t.sortNum)],
);

/** How many leads a rule gave each member: in all (the weighted share) and on one day (the daily cap). */
export const autoAssignTally = pgTable(
  'auto_assign_tally',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    ruleId: integer('rule_id').notNull(),
    userId: integer('user_id').notNull(),
    total: integer('total').notNull().default(0),
    day: date('day', { mode: 'string' }).notNull(),
    dayCount: integer('day_count').notNull().default(0),
  },
  (t) => [uniqueIndex('auto_assign_tally_uq').on(t.ruleId, t.userId)],
);
