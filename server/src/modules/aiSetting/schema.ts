import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Switches and overrides of a built-in risk rule, by the rule's name (DEFAULT_RULES). */
export interface RuleOverride {
  enabled?: boolean;
  words?: string[];
  pattern?: string;
  flags?: string;
}

export interface RiskOverrides {
  thresholds?: {
    fastCharsPerMinute?: number;
    talkTooMuchPercent?: number;
    churnRiskAlert?: number;
    /** The 待确认 band of yes/no labels, in percent of the score. */
    confirmLowPercent?: number;
    confirmHighPercent?: number;
  };
  abuse?: boolean;
  wordRules?: Record<string, RuleOverride>;
  regexRules?: Record<string, RuleOverride>;
}

export interface StoredMsgPush {
  enabled: boolean;
  toOwner: boolean;
  toManager: boolean;
  threshold: number | null;
}

/**
 * One row per organisation: AI open, the questionnaire's answers and the settings that are one document each (which
 * results show, message push, risk rule overrides, intention phrases). A missing row means every default.
 */
export const aiOrgSetting = pgTable('ai_org_setting', {
  organizationId: integer('organization_id').primaryKey(),
  aiOpen: boolean('ai_open').notNull().default(false),
  openedAt: timestamp('opened_at', { withTimezone: true }),
  openedBy: integer('opened_by'),
  /** The trial pack was given (once per organisation, whatever the later closing and opening). */
  trialGranted: boolean('trial_granted').notNull().default(false),
  demand: jsonb('demand').$type<Record<string, string[]>>(),
  demandRemark: text('demand_remark'),
  demandSavedAt: timestamp('demand_saved_at', { withTimezone: true }),
  /** AiShowKey → shown; keys absent are shown. */
  showSet: jsonb('show_set').$type<Record<string, boolean>>().notNull().default({}),
  /** msgType → its push settings; types absent take the defaults. */
  msgPush: jsonb('msg_push').$type<Record<string, StoredMsgPush>>().notNull().default({}),
  risk: jsonb('risk').$type<RiskOverrides>().notNull().default({}),
  /** IntentionKey → the organisation's extra phrases. */
  intentionPhrases: jsonb('intention_phrases').$type<Record<string, string[]>>().notNull().default({}),
  /** The default AI fields were written once; deleting them all later does not bring them back. */
  fieldsSeeded: boolean('fields_seeded').notNull().default(false),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const aiTagGroup = pgTable(
  'ai_tag_group',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    name: varchar('name', { length: 20 }).notNull(),
    sort: integer('sort').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ai_tag_group_org_name_uq').on(t.organizationId, t.name)],
);

/** An organisation's own AI tag: hit when one of its keywords is said by `speaker`. */
export const aiTag = pgTable(
  'ai_tag',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    groupId: integer('group_id').notNull(),
    name: varchar('name', { length: 20 }).notNull(),
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    /** AiTagSpeaker: agent, customer or any. */
    speaker: varchar('speaker', { length: 10 }).notNull().default('any'),
    show: boolean('show').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ai_tag_org_group_name_uq').on(t.organizationId, t.groupId, t.name),
    index('ai_tag_org_sort_idx').on(t.organizationId, t.sort, t.id),
  ],
);

/** An organisation's AI field: what the analysis fills from a call (budget, decision maker …). */
export const aiField = pgTable(
  'ai_field',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    key: varchar('key', { length: 40 }).notNull(),
    name: varchar('name', { length: 20 }).notNull(),
    description: varchar('description', { length: 200 }),
    hints: text('hints').array().notNull().default(sql`'{}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ai_field_org_key_uq').on(t.organizationId, t.key)],
);

/**
 * The analysis models of an organisation: the built-in analyser (always there, one per organisation) and
 * OpenAI-compatible endpoints. Exactly one is active.
 */
export const aiModel = pgTable(
  'ai_model',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    name: varchar('name', { length: 30 }).notNull(),
    /** 'builtin' | 'openai'. */
    kind: varchar('kind', { length: 10 }).notNull(),
    baseUrl: varchar('base_url', { length: 300 }),
    /** Sealed (platform/secrets.ts): `enc:v1:…`. */
    apiKey: text('api_key'),
    model: varchar('model', { length: 100 }),
    timeoutMs: integer('timeout_ms').notNull().default(60_000),
    active: boolean('active').notNull().default(false),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ai_model_org_idx').on(t.organizationId),
    uniqueIndex('ai_model_org_active_uq').on(t.organizationId).where(sql`${t.active}`),
    uniqueIndex('ai_model_org_builtin_uq').on(t.organizationId).where(sql`${t.kind} = 'builtin'`),
  ],
);
