import type { Briefing, ReminderSetting } from '@crm/core/contract/insight';
import { sql } from 'drizzle-orm';
import {
  bigserial,
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

/**
 * One analysed call as insight reads it: who, which customer, department and stage at the time, and its intention
 * and churn risk. Written with the call's mentions after every analysis (replaced on re-analysis), so that the
 * organisation's figures and a customer's trends are indexed reads of this module's own tables.
 */
export const insightCall = pgTable(
  'insight_call',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    recordingId: integer('recording_id').notNull(),
    clueId: integer('clue_id'),
    ownerUserId: integer('owner_user_id'),
    deptId: integer('dept_id'),
    stage: smallint('stage'),
    callAt: timestamp('call_at', { withTimezone: true }).notNull(),
    intention: smallint('intention'),
    intentionDegree: smallint('intention_degree'),
    churnRisk: smallint('churn_risk'),
    aiLabels: smallint('ai_labels').array().notNull().default(sql`'{}'::smallint[]`),
    /** Inbound: the customer called. */
    inbound: smallint('inbound').notNull().default(0),
    summary: text('summary').notNull().default(''),
  },
  (t) => [
    uniqueIndex('insight_call_recording_uq').on(t.organizationId, t.recordingId),
    index('insight_call_org_time_idx').on(t.organizationId, t.callAt),
    index('insight_call_clue_idx').on(t.organizationId, t.clueId, t.callAt),
    // the reminder sweep: strong-intention calls of the last days, every organisation
    index('insight_call_strong_idx').on(t.callAt).where(sql`${t.intention} = 1`),
  ],
);

/**
 * What a call said that insight aggregates: a need, the budget, a decision maker, an objection (with the agent's
 * answer), a promise (by either side, with its due day), a competitor, a next step, a customer's question. `label` is
 * the grouping key (a category or a short value); the sentence and its time are the citation.
 */
export const insightMention = pgTable(
  'insight_mention',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    recordingId: integer('recording_id').notNull(),
    clueId: integer('clue_id'),
    ownerUserId: integer('owner_user_id'),
    deptId: integer('dept_id'),
    stage: smallint('stage'),
    callAt: timestamp('call_at', { withTimezone: true }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    label: varchar('label', { length: 60 }).notNull(),
    sentence: varchar('sentence', { length: 300 }).notNull(),
    answer: varchar('answer', { length: 300 }),
    speaker: varchar('speaker', { length: 10 }).notNull(),
    segment: integer('segment').notNull(),
    startMs: integer('start_ms').notNull(),
    dueOn: date('due_on', { mode: 'string' }),
  },
  (t) => [
    index('insight_mention_org_kind_time_idx').on(t.organizationId, t.kind, t.callAt),
    index('insight_mention_clue_idx').on(t.organizationId, t.clueId, t.callAt),
    index('insight_mention_recording_idx').on(t.organizationId, t.recordingId),
    index('insight_mention_due_idx').on(t.dueOn).where(sql`${t.dueOn} is not null`),
    // examples of one label, newest first
    index('insight_mention_label_idx').on(t.organizationId, t.kind, t.label, t.callAt),
  ],
);

/**
 * Daily counts per owner for the organisation's insight over long periods: kind 'call' rows count the analysed calls
 * (with strong intention and high churn risk), the other kinds count mentions per label. Kept in step with
 * insight_call and insight_mention in the recorder's transaction (rollup.ts); the data scope and departments apply
 * through the owner.
 */
export const insightDaily = pgTable(
  'insight_daily',
  {
    organizationId: integer('organization_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** 0 for calls without an owner. */
    ownerUserId: integer('owner_user_id').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    label: varchar('label', { length: 60 }).notNull(),
    n: integer('n').notNull().default(0),
    strong: integer('strong').notNull().default(0),
    highChurn: integer('high_churn').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.day, t.ownerUserId, t.kind, t.label] }),
    index('insight_daily_kind_idx').on(t.organizationId, t.kind, t.day),
  ],
);

/** A customer's briefing over all its calls, rebuilt by the `insight.briefing` job after each analysed call. */
export const customerBriefing = pgTable(
  'customer_briefing',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    clueId: integer('clue_id').notNull(),
    content: jsonb('content').$type<Briefing>().notNull(),
    /** The AI profile the customer lists rank by. */
    intention: smallint('intention'),
    churnRisk: smallint('churn_risk'),
    topScore: smallint('top_score').notNull().default(0),
    labelScores: jsonb('label_scores').$type<Record<string, number>>().notNull().default({}),
    callCount: integer('call_count').notNull().default(0),
    lastCallAt: timestamp('last_call_at', { withTimezone: true }),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_briefing_clue_uq').on(t.organizationId, t.clueId),
    index('customer_briefing_org_intention_idx').on(t.organizationId, t.intention),
    index('customer_briefing_org_churn_idx').on(t.organizationId, t.churnRisk),
  ],
);

/** A topic to track: words (and example sentences) whose mentions are counted over time. */
export const insightTopic = pgTable(
  'insight_topic',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    name: varchar('name', { length: 30 }).notNull(),
    words: text('words').array().notNull(),
    examples: text('examples').array().notNull().default(sql`'{}'::text[]`),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('insight_topic_name_uq').on(t.organizationId, t.name)],
);

/**
 * A business reminder to one user about one customer. `signalKey` names the occurrence (the call, the promise's day):
 * raised once per user, customer and key. Not delivered before `remindAt` (quiet hours defer it); `deliveredAt` is
 * set when it was pushed.
 */
export const businessReminder = pgTable(
  'business_reminder',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id').notNull(),
    clueId: integer('clue_id').notNull(),
    signal: varchar('signal', { length: 20 }).notNull(),
    signalKey: varchar('signal_key', { length: 80 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    recordingId: integer('recording_id'),
    startMs: integer('start_ms'),
    /** 0 to do, 1 done, 2 ignored. */
    status: smallint('status').notNull().default(0),
    remindAt: timestamp('remind_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('business_reminder_once_uq').on(t.organizationId, t.userId, t.clueId, t.signal, t.signalKey),
    index('business_reminder_user_idx').on(t.organizationId, t.userId, t.status, t.createdAt),
    index('business_reminder_due_idx').on(t.remindAt).where(sql`${t.deliveredAt} is null`),
  ],
);

/** An organisation's reminder settings (one row; defaults until saved). */
export const reminderSetting = pgTable(
  'reminder_setting',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    setting: jsonb('setting').$type<ReminderSetting>().notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reminder_setting_org_uq').on(t.organizationId)],
);
