import type { CardKind } from '@crm/core/contract/guidance';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** A card's sources as stored (contract CardSource). */
export interface CardSourceSpec {
  type: 'knowledge' | 'call' | 'sop' | 'rule';
  title: string;
  text: string;
  refId: number | null;
}

/** A live guidance session: one agent, one call (phone or online meeting), its two audio streams. */
export const guidanceSession = pgTable(
  'guidance_session',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id').notNull(),
    /** GUIDE_TYPES: 1 phone, 2 online meeting. */
    guideType: smallint('guide_type').notNull(),
    /** GUIDANCE_STATUSES: 1 in progress, 2 ended, 3 ended when its audio stopped. */
    status: smallint('status').notNull().default(1),
    engine: varchar('engine', { length: 16 }).notNull(),
    sampleRate: integer('sample_rate').notNull(),
    title: varchar('title', { length: 50 }),
    callId: integer('call_id'),
    clueId: integer('clue_id'),
    /** The SOP rule followed (the organisation's first enabled one at the start) and its items done so far. */
    sopRuleId: integer('sop_rule_id'),
    sopDone: integer('sop_done').array().notNull().default(sql`'{}'::int[]`),
    sentenceCount: integer('sentence_count').notNull().default(0),
    cardCount: integer('card_count').notNull().default(0),
    usedCount: integer('used_count').notNull().default(0),
    warningCount: integer('warning_count').notNull().default(0),
    chargedMinutes: integer('charged_minutes').notNull().default(0),
    /** Minutes beyond what the packs held at the end (a running call is never cut). */
    overMinutes: integer('over_minutes').notNull().default(0),
    lastAudioAt: timestamp('last_audio_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guidance_session_org_idx').on(t.organizationId, t.createdAt)],
);

/** A finished sentence of a session, as the engine recognised it. */
export const guidanceSentence = pgTable(
  'guidance_sentence',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    sessionId: integer('session_id').notNull(),
    speaker: varchar('speaker', { length: 8 }).$type<'agent' | 'customer'>().notNull(),
    text: text('text').notNull(),
    startMs: integer('start_ms').notNull(),
    endMs: integer('end_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guidance_sentence_session_idx').on(t.sessionId, t.id)],
);

/** A card shown to the agent for a sentence. */
export const guidanceCard = pgTable(
  'guidance_card',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    sessionId: integer('session_id').notNull(),
    sentenceId: integer('sentence_id').notNull(),
    kind: varchar('kind', { length: 8 }).$type<CardKind>().notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    sources: jsonb('sources').$type<CardSourceSpec[]>().notNull(),
    /** CARD_STATES: 0 shown, 1 used, 2 dismissed. */
    state: smallint('state').notNull().default(0),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guidance_card_session_idx').on(t.sessionId, t.id)],
);
