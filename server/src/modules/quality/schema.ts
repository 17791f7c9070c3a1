import type { HitKind, MatchMode, RuleSide } from '@crm/core/contract/quality';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Quality inspection. This slice: the organisation's forbidden-word lists and regular-expression rules (both run as
 * checkers of the analysis pipeline) and the hits they leave on calls. SOP rules, scorecards and reviews come later.
 */

/** A forbidden-word list: any of its words said (by `side`) is a hit. Deleted lists are kept (deleted_at). */
export const prohibitionWordList = pgTable(
  'prohibition_word_list',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    words: text('words').array().notNull(),
    matchMode: varchar('match_mode', { length: 10 }).$type<MatchMode>().notNull().default('contain'),
    side: varchar('side', { length: 10 }).$type<RuleSide>().notNull().default('agent'),
    /** 1 enabled, 2 disabled. */
    status: smallint('status').notNull().default(1),
    remark: varchar('remark', { length: 200 }),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('prohibition_word_list_org_name_uq').on(t.organizationId, t.name).where(sql`${t.deletedAt} is null`),
    index('prohibition_word_list_org_idx').on(t.organizationId, t.updatedAt),
  ],
);

/** An organisation's regular-expression rule over the sentences of `side`. */
export const orgRegexRule = pgTable(
  'org_regex_rule',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    pattern: varchar('pattern', { length: 200 }).notNull(),
    flags: varchar('flags', { length: 8 }).notNull().default(''),
    side: varchar('side', { length: 10 }).$type<RuleSide>().notNull().default('agent'),
    status: smallint('status').notNull().default(1),
    remark: varchar('remark', { length: 200 }),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('org_regex_rule_org_name_uq').on(t.organizationId, t.name).where(sql`${t.deletedAt} is null`),
    index('org_regex_rule_org_idx').on(t.organizationId, t.updatedAt),
  ],
);

/**
 * One hit of a list or a regex rule in one sentence of an analysed call. A recording's rows are replaced on every
 * analysis of it. Rule name, owner and call time are kept as they were when the call was checked.
 */
export const prohibitionHit = pgTable(
  'prohibition_hit',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    recordingId: integer('recording_id').notNull(),
    kind: varchar('kind', { length: 20 }).$type<HitKind>().notNull(),
    ruleId: integer('rule_id').notNull(),
    ruleName: varchar('rule_name', { length: 50 }).notNull(),
    /** The list's word hit (a regex rule: its match), and the words as said. */
    word: varchar('word', { length: 200 }).notNull(),
    said: varchar('said', { length: 200 }).notNull(),
    sentence: text('sentence').notNull(),
    segment: integer('segment').notNull(),
    startMs: integer('start_ms').notNull(),
    speaker: varchar('speaker', { length: 10 }).$type<'agent' | 'customer'>().notNull(),
    ownerUserId: integer('owner_user_id'),
    callTime: timestamp('call_time', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('prohibition_hit_org_time_idx').on(t.organizationId, t.callTime.desc().nullsLast(), t.id.desc()),
    index('prohibition_hit_org_recording_idx').on(t.organizationId, t.recordingId),
    index('prohibition_hit_org_rule_idx').on(t.organizationId, t.kind, t.ruleId),
    index('prohibition_hit_org_owner_idx').on(t.organizationId, t.ownerUserId),
  ],
);
