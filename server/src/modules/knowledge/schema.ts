import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * An entry of a knowledge base: typed (问答, 产品资料, 价格规则, 异议处理) or an uploaded document (文档) whose passages
 * a job extracts. base 1 is the owner's personal base, 2 the organisation's.
 */
export const knowledgeEntry = pgTable(
  'knowledge_entry',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    base: smallint('base').notNull(),
    /** The user who keeps it (personal base) or added it (organisation base). */
    ownerId: integer('owner_id').notNull(),
    kind: smallint('kind').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    content: text('content').notNull().default(''),
    fileName: varchar('file_name', { length: 200 }),
    fileKey: varchar('file_key', { length: 200 }),
    /** 1 解析中, 2 已完成, 3 解析失败. */
    status: smallint('status').notNull().default(2),
    progress: smallint('progress').notNull().default(100),
    error: text('error'),
    passageCount: integer('passage_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('knowledge_entry_org_idx').on(t.organizationId, t.base, t.ownerId)],
);

/**
 * A passage: what search finds and answers cite. `tokens` are jieba's words of the text, space-joined, and `tsv` the
 * 'simple' full-text vector over them (works alike on PGlite and PostgreSQL); `embedding` is set when an embeddings
 * endpoint is configured.
 */
export const knowledgePassage = pgTable(
  'knowledge_passage',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    entryId: integer('entry_id').notNull(),
    base: smallint('base').notNull(),
    ownerId: integer('owner_id').notNull(),
    seq: integer('seq').notNull(),
    page: integer('page'),
    text: text('text').notNull(),
    tokens: text('tokens').notNull(),
    /** The terms of the entry's title for typed entries (a document's passages have none): weight A in `tsv`. */
    titleTokens: text('title_tokens').notNull().default(''),
    /** The version of tokens.ts the terms were made by; older passages are made again by the knowledge.reindex job. */
    tokenVersion: smallint('token_version').notNull().default(0),
    tsv: tsvector('tsv').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', title_tokens), 'A') || to_tsvector('simple', tokens)`,
    ),
    embedding: real('embedding').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('knowledge_passage_entry_idx').on(t.entryId, t.seq),
    index('knowledge_passage_org_idx').on(t.organizationId, t.base, t.ownerId),
    index('knowledge_passage_tsv_idx').using('gin', t.tsv),
  ],
);

/**
 * How many passages of an organisation hold each term (document frequency), kept by writePassages and the removal of
 * passages: a query's rare terms go to the index first and each term is weighted by its rarity. The term '' counts
 * the passages.
 */
export const knowledgeTerm = pgTable(
  'knowledge_term',
  {
    organizationId: integer('organization_id').notNull(),
    term: varchar('term', { length: 60 }).notNull(),
    df: integer('df').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.term] })],
);

/** A question asked: what was retrieved and answered, for the gaps view. */
export const knowledgeQuestion = pgTable(
  'knowledge_question',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id').notNull(),
    question: text('question').notNull(),
    mode: varchar('mode', { length: 10 }).notNull(),
    answer: text('answer'),
    /** False when nothing was retrieved or the model said the passages do not answer it. */
    answered: boolean('answered').notNull(),
    passageIds: integer('passage_ids').array().notNull().default(sql`'{}'::int[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('knowledge_question_org_idx').on(t.organizationId, t.answered, t.createdAt)],
);

/** A user's rating of an answer. */
export const knowledgeFeedback = pgTable(
  'knowledge_feedback',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    questionId: integer('question_id').notNull(),
    userId: integer('user_id').notNull(),
    /** 1 有用, 2 没用. */
    useful: smallint('useful').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('knowledge_feedback_org_idx').on(t.organizationId, t.useful, t.createdAt)],
);

/**
 * One application of an industry template: what it created (removed by undo) and what it merged into (the earlier
 * state, restored by undo).
 */
export const templateApplication = pgTable(
  'template_application',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id').notNull(),
    code: varchar('code', { length: 40 }).notNull(),
    parts: text('parts').array().notNull(),
    mode: varchar('mode', { length: 10 }).notNull(),
    /** [{ part, id, name }] of rows created. */
    created: jsonb('created').notNull().default(sql`'[]'::jsonb`),
    /** [{ part, id, name, before }] of rows merged into. */
    merged: jsonb('merged').notNull().default(sql`'[]'::jsonb`),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('template_application_org_idx').on(t.organizationId, t.createdAt)],
);
