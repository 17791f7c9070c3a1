import type { PracticeStage } from '@crm/core/contract/practice';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** What a script says about the customer the AI plays. */
export interface PersonaSpec {
  industry: string;
  needs?: string | null;
  budget?: string | null;
  character?: string | null;
  objections: string[];
}

export interface ScoringPointSpec {
  name: string;
  stage: PracticeStage;
  sopItemId?: number | null;
  keywords: string[];
  score: number;
}

/** A practice script (陪练脚本): the persona, the stages to pass, the scoring points and the pass line. */
export const chatScript = pgTable(
  'chat_script',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    description: varchar('description', { length: 500 }),
    persona: jsonb('persona').$type<PersonaSpec>().notNull(),
    stages: text('stages').array().$type<PracticeStage[]>().notNull(),
    scoringPoints: jsonb('scoring_points').$type<ScoringPointSpec[]>().notNull(),
    forbiddenWords: text('forbidden_words').array().notNull().default(sql`'{}'::text[]`),
    passScore: integer('pass_score').notNull(),
    /** 1 enabled, 2 disabled. */
    status: smallint('status').notNull().default(1),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('chat_script_org_idx').on(t.organizationId, t.createdAt)],
);

/** A practice session: one seat against the AI customer of one script. */
export const practiceSession = pgTable(
  'practice_session',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id').notNull(),
    scriptId: integer('script_id').notNull(),
    /** The script's name when the session started (the log keeps it when the script is renamed or deleted). */
    scriptName: varchar('script_name', { length: 50 }).notNull(),
    /** PracticeStatus: 1 进行中, 2 已结束, 3 超时结束. */
    status: smallint('status').notNull().default(1),
    /** 'llm' when the organisation's model played the customer at the start, else 'builtin'. */
    engine: varchar('engine', { length: 8 }).notNull(),
    /** The stage the conversation is at (index into the script's stages). */
    stageIndex: integer('stage_index').notNull().default(0),
    /** Turns the seat spoke in the current stage. */
    stageTurns: integer('stage_turns').notNull().default(0),
    /** Hidden objections already raised (their indexes in the persona). */
    raised: integer('raised').array().notNull().default(sql`'{}'::int[]`),
    turnCount: integer('turn_count').notNull().default(0),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    totalScore: integer('total_score'),
    passScore: integer('pass_score').notNull(),
    passed: boolean('passed'),
    /** The review as computed at the end (contract Review without the turns). */
    review: jsonb('review'),
    chargedMinutes: integer('charged_minutes').notNull().default(0),
    /** Minutes practised beyond what the quota had left (never cut a running session). */
    overMinutes: integer('over_minutes').notNull().default(0),
  },
  (t) => [
    index('practice_session_org_user_idx').on(t.organizationId, t.userId, t.startedAt),
    index('practice_session_org_started_idx').on(t.organizationId, t.startedAt),
    index('practice_session_open_idx').on(t.status, t.lastHeartbeatAt),
  ],
);

/** The lines of a session, in order. */
export const practiceTurn = pgTable(
  'practice_turn',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    sessionId: integer('session_id').notNull(),
    seq: integer('seq').notNull(),
    speaker: varchar('speaker', { length: 10 }).$type<'agent' | 'customer'>().notNull(),
    text: text('text').notNull(),
    stage: varchar('stage', { length: 16 }),
    /** Customer lines: 'llm', 'builtin' or 'script'. */
    source: varchar('source', { length: 8 }),
    fallback: varchar('fallback', { length: 200 }),
    recordingId: integer('recording_id'),
    /** 1 typed, 2 spoken. */
    via: smallint('via').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('practice_turn_session_seq_uq').on(t.sessionId, t.seq)],
);

/**
 * The built-in customer's material: what customers of the organisation said at each stage of its analysed calls,
 * with what the agent said just before. Built from `analysis.saved` (one row per customer sentence of a call).
 */
export const practiceCustomerLine = pgTable(
  'practice_customer_line',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    recordingId: integer('recording_id').notNull(),
    /** The segment of the call it was said in. */
    segment: integer('segment').notNull(),
    stage: varchar('stage', { length: 16 }).$type<PracticeStage>().notNull(),
    agentText: text('agent_text').notNull(),
    customerText: text('customer_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('practice_customer_line_uq').on(t.organizationId, t.recordingId, t.segment),
    index('practice_customer_line_org_stage_idx').on(t.organizationId, t.stage),
  ],
);

/** The organisation's monthly practice quota in minutes (0: no limit). */
export const practiceQuota = pgTable('practice_quota', {
  organizationId: integer('organization_id').primaryKey(),
  companyMonthlyQuota: integer('company_monthly_quota').notNull().default(0),
  userMonthlyQuota: integer('user_monthly_quota').notNull().default(0),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
