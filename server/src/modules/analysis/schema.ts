import { sql } from 'drizzle-orm';
import {
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
import type { AnalysisResult, TextModel } from '../../lib/analyser/types';

/** What a person corrected by hand; a field absent (undefined) is not corrected and the machine's value stands. */
export interface Correction {
  intention?: number;
  callTags?: number[];
  aiLabels?: number[];
  customTagIds?: number[];
  summary?: string;
  /** AI field key → value. */
  fields?: Record<string, string>;
  /** 潜在投诉 set by hand. */
  complaint?: boolean;
  /** The violations (rule names) the call really has; the machine's others are dismissed. */
  violations?: string[];
}

/** One entry of a call's analysis history (a quote of the LLM judge's that the call does not hold, rejected). */
export interface HistoryEntry {
  at: string;
  kind: 'quote_rejected';
  text: string;
  label: string | null;
  segment: number | null;
  quote: string | null;
}

/**
 * One analysis per recording (replaced on re-analysis). The machine's result (`machine`) and the hand corrections
 * (`correction`) are kept apart; the columns below them hold the effective values (correction if set, else machine)
 * that the list filters and shows, rewritten on both writes. The recording's analysis_status is the visible state;
 * `status` mirrors it here so that the list filters need no second table.
 */
export const callAnalysis = pgTable(
  'call_analysis',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    recordingId: integer('recording_id').notNull(),
    /** AnalysisStatusLabel 0-4 (mirrors recording.analysis_status). */
    status: smallint('status').notNull().default(0),
    /** How many analyses were asked for: the charge of analysis n is `analysis:<recordingId>:<n>`. */
    version: integer('version').notNull().default(0),
    /** The version whose result is stored: a retried job of it does nothing more. */
    analysedVersion: integer('analysed_version'),
    /** Waiting for the AI analysis balance; resumed on a top-up. */
    paused: boolean('paused').notNull().default(false),
    pausedReason: varchar('paused_reason', { length: 200 }),
    /** The re-analysis batch this run belongs to (its job carries it too). */
    batchId: integer('batch_id'),
    error: text('error'),
    llmError: text('llm_error'),
    modelName: varchar('model_name', { length: 100 }),
    machine: jsonb('machine').$type<AnalysisResult>(),
    correction: jsonb('correction').$type<Correction>(),
    correctedBy: integer('corrected_by'),
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
    // effective values (indexed)
    intention: smallint('intention'),
    intentionDegree: smallint('intention_degree'),
    aiLabels: smallint('ai_labels').array().notNull().default(sql`'{}'::smallint[]`),
    callTags: smallint('call_tags').array().notNull().default(sql`'{}'::smallint[]`),
    customTagIds: integer('custom_tag_ids').array().notNull().default(sql`'{}'::int[]`),
    churnRisk: smallint('churn_risk'),
    /** 1 risk, 2 none; null before the first analysis. */
    risk: smallint('risk'),
    flags: smallint('flags').notNull().default(0),
    violationRules: text('violation_rules').array().notNull().default(sql`'{}'::text[]`),
    violationCount: integer('violation_count').notNull().default(0),
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    summary: text('summary'),
    /** The transcript's text, for the keyword filter (trigram index). */
    searchText: text('search_text').notNull().default(''),
    /** AI messages already sent for this call (`ai_risk`, `ai_label:1`, `ai_keyword:报价` …): never sent twice. */
    sentMessages: text('sent_messages').array().notNull().default(sql`'{}'::text[]`),
    analysedAt: timestamp('analysed_at', { withTimezone: true }),
    /** What happened on the way, kept across re-analyses (newest last, at most HISTORY_MAX). */
    history: jsonb('history').$type<HistoryEntry[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('call_analysis_recording_uq').on(t.organizationId, t.recordingId),
    index('call_analysis_org_intention_idx').on(t.organizationId, t.intention),
    index('call_analysis_org_churn_idx').on(t.organizationId, t.churnRisk),
    index('call_analysis_org_status_idx').on(t.organizationId, t.status),
    index('call_analysis_paused_idx').on(t.organizationId).where(sql`paused`),
    index('call_analysis_ai_labels_gin').using('gin', t.aiLabels),
    index('call_analysis_call_tags_gin').using('gin', t.callTags),
    index('call_analysis_custom_tags_gin').using('gin', t.customTagIds),
    index('call_analysis_violation_rules_gin').using('gin', t.violationRules),
    index('call_analysis_keywords_gin').using('gin', t.keywords),
    index('call_analysis_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** A re-analysis asked for by a user: one item per call, each done by its own job. */
export const callAnalysisBatch = pgTable(
  'call_analysis_batch',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    createdBy: integer('created_by'),
    total: integer('total').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('call_analysis_batch_org_idx').on(t.organizationId, t.createdAt)],
);

/** One call of a re-analysis batch: 0 waiting, 1 done, 2 failed, 3 paused (balance). */
export const callAnalysisBatchItem = pgTable(
  'call_analysis_batch_item',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    batchId: integer('batch_id').notNull(),
    recordingId: integer('recording_id').notNull(),
    state: smallint('state').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('call_analysis_batch_item_uq').on(t.batchId, t.recordingId)],
);

/** aiCallComment: threaded comments on a call. `ref` is the comment answered, `rootId` the thread's first comment. */
export const aiCallComment = pgTable(
  'ai_call_comment',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    recordingId: integer('recording_id').notNull(),
    userId: integer('user_id').notNull(),
    ref: integer('ref'),
    rootId: integer('root_id'),
    text: varchar('text', { length: 1000 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_call_comment_recording_idx').on(t.organizationId, t.recordingId, t.id)],
);

/**
 * The AI tags a lead got from the analyses of its calls: AI labels 1-5 ('label') and the organisation's own AI tags
 * ('custom'). One row per lead and tag, pointing at the call that last hit it; a user hides a wrong one (removedBy).
 */
export const clueAiTag = pgTable(
  'clue_ai_tag',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    clueId: integer('clue_id').notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    tagId: integer('tag_id').notNull(),
    tagName: varchar('tag_name', { length: 100 }).notNull(),
    recordingId: integer('recording_id'),
    removedBy: integer('removed_by'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clue_ai_tag_uq').on(t.organizationId, t.clueId, t.kind, t.tagId),
    index('clue_ai_tag_recording_idx').on(t.organizationId, t.recordingId),
  ],
);

/**
 * Each organisation's learned text model (never shared): the base model updated with the organisation's corrections
 * of intention, tags, complaint and violations, by the `analysis.learn` job. No row (or no model): the base model.
 */
export const analysisOrgModel = pgTable('analysis_org_model', {
  organizationId: integer('organization_id').primaryKey(),
  model: jsonb('model').$type<TextModel>(),
  /** How many corrected calls the model learned from. */
  learnedFrom: integer('learned_from').notNull().default(0),
  /** When the learning run read the corrections: a run that read them earlier never replaces its model. */
  learnedUpTo: timestamp('learned_up_to', { withTimezone: true }),
  /** Reset to the base model: corrections made before it are not learned again. */
  resetAt: timestamp('reset_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
