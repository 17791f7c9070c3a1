import type { TranscriptSegment } from '@crm/core';
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

/** The transcript of a recording, in the JSON form of DESIGN.md section 6 (segments with speaker, times, text). */
export const asrTranscript = pgTable(
  'asr_transcript',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    recordingId: integer('recording_id').notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    segments: jsonb('segments').$type<TranscriptSegment[]>().notNull().default([]),
    /** Plain text of the whole conversation (search, analysis). */
    text: text('text').notNull().default(''),
    /** Engine that produced it ('openai', 'funasr', 'sherpa') or 'upload' when it came with the recording. */
    engine: varchar('engine', { length: 20 }).notNull(),
    /** Set when a user swapped agent and customer (role). */
    rolesSwapped: boolean('roles_swapped').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('asr_transcript_recording_uq').on(t.recordingId),
    index('asr_transcript_org_idx').on(t.organizationId),
  ],
);

/** asrConfig: an organisation's hot words, passed to the engines that take them. */
export const asrConfig = pgTable('asr_config', {
  organizationId: integer('organization_id').primaryKey(),
  hotWords: jsonb('hot_words').$type<string[]>().notNull().default([]),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** asrRecord: one line per transcription run (engine, audio length, time taken, result) — usage and troubleshooting. */
export const asrRecord = pgTable(
  'asr_record',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    recordingId: integer('recording_id').notNull(),
    engine: varchar('engine', { length: 20 }).notNull(),
    /** AsrStatus: 3 done, 4 failed, 5 no engine. */
    status: smallint('status').notNull(),
    audioMs: integer('audio_ms').notNull().default(0),
    elapsedMs: integer('elapsed_ms').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('asr_record_org_idx').on(t.organizationId, t.createdAt),
    index('asr_record_recording_idx').on(t.recordingId),
  ],
);
