import type { HitKind, MatchMode, RuleSide } from '@crm/core/contract/quality';
import type { Deduction, ScorecardItem } from '@crm/core/contract/qualityCheck';
import type { SopSpeaker } from '@crm/core/contract/sop';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { SopResult } from './sop/types';

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

/**
 * An SOP rule: an ordered script of items (sop_item) checked on every analysed call of the departments it applies
 * to (`deptIds` and the departments below them; empty: all) at the lead's follow-up stages (`followStatusIds`,
 * follow-status dictionary ids; empty: any stage). Deleted rules are kept (deleted_at): their results keep a name.
 */
export const sopRule = pgTable(
  'sop_rule',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    deptIds: integer('dept_ids').array().notNull().default(sql`'{}'::int[]`),
    followStatusIds: integer('follow_status_ids').array().notNull().default(sql`'{}'::int[]`),
    /** 1 enabled, 2 disabled. */
    status: smallint('status').notNull().default(1),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sop_rule_org_name_uq').on(t.organizationId, t.name).where(sql`${t.deletedAt} is null`),
    index('sop_rule_org_idx').on(t.organizationId, t.updatedAt),
  ],
);

/**
 * One item of an SOP rule, found in a call by keywords, example sentences or regular expressions in the sentences
 * of `speaker`; `after*` is the optional precondition (said shortly after the other side says one of these). An
 * item removed by an edit is kept (deleted_at) so earlier results still name it.
 */
export const sopItem = pgTable(
  'sop_item',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    ruleId: integer('rule_id').notNull(),
    name: varchar('name', { length: 30 }).notNull(),
    sort: integer('sort').notNull(),
    keywords: text('keywords').array().notNull(),
    examples: text('examples').array().notNull(),
    regex: text('regex').array().notNull(),
    speaker: varchar('speaker', { length: 10 }).$type<SopSpeaker>().notNull().default('agent'),
    llmQuestion: varchar('llm_question', { length: 200 }),
    afterKeywords: text('after_keywords').array().notNull().default(sql`'{}'::text[]`),
    afterRegex: text('after_regex').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('sop_item_org_rule_idx').on(t.organizationId, t.ruleId, t.sort)],
);

const sopResultColumns = {
  organizationId: integer('organization_id').notNull(),
  recordingId: integer('recording_id').notNull(),
  ruleId: integer('rule_id').notNull(),
  /** The rule's name when the call was checked. */
  ruleName: varchar('rule_name', { length: 50 }).notNull(),
  result: jsonb('result').$type<SopResult>().notNull(),
  coverage: real('coverage').notNull(),
  hitCount: integer('hit_count').notNull(),
  missedCount: integer('missed_count').notNull(),
  ownerUserId: integer('owner_user_id'),
  callTime: timestamp('call_time', { withTimezone: true }),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A call's coverage of one SOP rule at its last analysis: replaced per recording and rule on every analysis. */
export const sopCallResult = pgTable('sop_call_result', { id: serial('id').primaryKey(), ...sopResultColumns }, (t) => [
  uniqueIndex('sop_call_result_org_recording_rule_uq').on(t.organizationId, t.recordingId, t.ruleId),
  index('sop_call_result_org_rule_time_idx').on(t.organizationId, t.ruleId, t.callTime.desc().nullsLast()),
  index('sop_call_result_org_owner_idx').on(t.organizationId, t.ownerUserId),
]);

/** Earlier results: a call's rows of sop_call_result as they were before a re-analysis replaced them. */
export const sopCallResultHistory = pgTable(
  'sop_call_result_history',
  {
    id: serial('id').primaryKey(),
    ...sopResultColumns,
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sop_call_result_history_org_recording_idx').on(t.organizationId, t.recordingId, t.replacedAt)],
);

/**
 * A scorecard: base 100, a pass line and items of deductions (ScorecardItem). One card per organisation is active
 * (the one every call is scored with); the others are kept. Deleted cards are kept (deleted_at).
 */
export const scorecard = pgTable(
  'scorecard',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    passLine: integer('pass_line').notNull().default(60),
    items: jsonb('items').$type<ScorecardItem[]>().notNull(),
    active: boolean('active').notNull().default(false),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('scorecard_org_name_uq').on(t.organizationId, t.name).where(sql`${t.deletedAt} is null`),
    uniqueIndex('scorecard_org_active_uq').on(t.organizationId).where(sql`${t.active} and ${t.deletedAt} is null`),
  ],
);

const qualityCheckColumns = {
  organizationId: integer('organization_id').notNull(),
  recordingId: integer('recording_id').notNull(),
  scorecardId: integer('scorecard_id'),
  /** The card's name when the call was scored. */
  scorecardName: varchar('scorecard_name', { length: 50 }),
  score: integer('score').notNull(),
  passLine: integer('pass_line').notNull(),
  passed: boolean('passed').notNull(),
  fatal: boolean('fatal').notNull(),
  deductions: jsonb('deductions').$type<Deduction[]>().notNull(),
  violationCount: integer('violation_count').notNull(),
  /** Rule names of the call's violations (the list's rule filter). */
  violationRules: text('violation_rules').array().notNull(),
  /** SOP item ids the call missed (the list's item filter). */
  missedItemIds: integer('missed_item_ids').array().notNull(),
  /** Average coverage of the SOP rules that applied (null: none applied). */
  sopCoverage: real('sop_coverage'),
  ownerUserId: integer('owner_user_id'),
  deptId: integer('dept_id'),
  callTime: timestamp('call_time', { withTimezone: true }),
  durationMs: integer('duration_ms').notNull().default(0),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A call's machine score at its last analysis: one row per recording, replaced on every analysis. */
export const qualityCheck = pgTable('quality_check', { id: serial('id').primaryKey(), ...qualityCheckColumns }, (t) => [
  uniqueIndex('quality_check_org_recording_uq').on(t.organizationId, t.recordingId),
  index('quality_check_org_time_idx').on(t.organizationId, t.callTime.desc().nullsLast(), t.id.desc()),
  index('quality_check_org_owner_idx').on(t.organizationId, t.ownerUserId, t.callTime),
  index('quality_check_org_score_idx').on(t.organizationId, t.score),
]);

/** Earlier scores: a call's quality_check row as it was before a re-analysis replaced it. */
export const qualityCheckHistory = pgTable(
  'quality_check_history',
  {
    id: serial('id').primaryKey(),
    ...qualityCheckColumns,
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quality_check_history_org_recording_idx').on(t.organizationId, t.recordingId, t.replacedAt)],
);
