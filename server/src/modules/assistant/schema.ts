import {
  char,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The retrieval index of the speech assistant: what an agent said right after a customer sentence, in the
 * organisation's analysed calls that went on to a strong intention or a deal (built by the `assistant.index` consumer
 * of `analysis.saved`, and by the backfill). `grams` are the character bigrams of the normalised customer sentence,
 * `replyGrams` those of the agent's reply (润色 looks for better-rated agent sentences).
 */
export const assistantPair = pgTable(
  'assistant_pair',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    recordingId: integer('recording_id').notNull(),
    /** The index of the customer sentence in the call's transcript. */
    segmentIndex: integer('segment_index').notNull(),
    ownerUserId: integer('owner_user_id'),
    clueId: integer('clue_id'),
    customerText: text('customer_text').notNull(),
    agentText: text('agent_text').notNull(),
    grams: text('grams').array().notNull(),
    replyGrams: text('reply_grams').array().notNull(),
    /** Outcome weight 0..1: a deal 1, a strong intention 0.8 (and the degree), a general intention 0.4. */
    weight: real('weight').notNull(),
    /** The call's effective intention (1 强意向 …) and whether its lead has a deal (1). */
    intention: smallint('intention'),
    deal: smallint('deal').notNull().default(0),
    callAt: timestamp('call_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('assistant_pair_call_idx').on(t.organizationId, t.recordingId),
    index('assistant_pair_weight_idx').on(t.organizationId, t.weight),
    index('assistant_pair_grams_idx').using('gin', t.grams),
    index('assistant_pair_reply_grams_idx').using('gin', t.replyGrams),
  ],
);

/** How many customer sentences of the organisation's index hold each bigram: the rare ones are looked up first. */
export const assistantGram = pgTable(
  'assistant_gram',
  {
    organizationId: integer('organization_id').notNull(),
    gram: varchar('gram', { length: 8 }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.gram] })],
);

/** One use of the assistant (a 话术记录): the question, how it was answered. */
export const assistantRecord = pgTable(
  'assistant_record',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id').notNull(),
    /** SpeechType: 4 帮你谈, 1 帮你回, 3 润色, 2 开场白. */
    type: smallint('type').notNull(),
    query: text('query').notNull(),
    recordingId: integer('recording_id'),
    segmentIndex: integer('segment_index'),
    clueId: integer('clue_id'),
    /** 'llm' or 'builtin'. */
    engine: varchar('engine', { length: 10 }).notNull(),
    modelName: varchar('model_name', { length: 200 }),
    fallbackReason: text('fallback_reason'),
    note: text('note').notNull().default(''),
    elapsedMs: integer('elapsed_ms').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assistant_record_org_idx').on(t.organizationId, t.createdAt),
    index('assistant_record_user_idx').on(t.organizationId, t.userId, t.createdAt),
  ],
);

/** The suggestions of one use, in order, with the seat's rating and copies. */
export const assistantSuggestion = pgTable(
  'assistant_suggestion',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    recordId: integer('record_id').notNull(),
    userId: integer('user_id').notNull(),
    sort: smallint('sort').notNull(),
    text: text('text').notNull(),
    /** SuggestionSource: llm, call, script, rule. */
    source: varchar('source', { length: 10 }).notNull(),
    origin: text('origin').notNull(),
    /** What the rating counts for in later ranking: `call:<recordingId>:<segment>`, `script:<itemId>`, … */
    refKey: varchar('ref_key', { length: 100 }),
    recordingId: integer('recording_id'),
    customerSaid: text('customer_said'),
    score: real('score').notNull().default(0),
    /** 0 not rated, 1 有用, 2 没用. */
    rating: smallint('rating').notNull().default(0),
    copies: integer('copies').notNull().default(0),
  },
  (t) => [index('assistant_suggestion_record_idx').on(t.organizationId, t.recordId)],
);

/** Ratings summed per origin (refKey): a suggestion rated useful ranks higher the next time, one rated useless lower. */
export const assistantRank = pgTable(
  'assistant_rank',
  {
    organizationId: integer('organization_id').notNull(),
    refKey: varchar('ref_key', { length: 100 }).notNull(),
    useful: integer('useful').notNull().default(0),
    useless: integer('useless').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.refKey] })],
);

/** Metering: uses per user and month (YYYY-MM, Shanghai); what the quota reads (index.ts `assistantUses`). */
export const assistantUsage = pgTable(
  'assistant_usage',
  {
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id').notNull(),
    month: char('month', { length: 7 }).notNull(),
    uses: integer('uses').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId, t.month] })],
);

/** The organisation's monthly quotas of assistant answers (the Quota entity; 0: no limit). */
export const assistantQuota = pgTable('assistant_quota', {
  organizationId: integer('organization_id').primaryKey(),
  companyMonthlyQuota: integer('company_monthly_quota').notNull().default(0),
  userMonthlyQuota: integer('user_monthly_quota').notNull().default(0),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
