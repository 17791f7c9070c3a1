import type { AudioMetrics } from '@crm/core';
import type { UploadMeta } from '@crm/core/contract/recording';
import {
  bigint,
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

/**
 * A stored recording: the file lives in the storage adapter under `fileKey`; this row holds its metadata, where it
 * came from, whom it is bound to, and the visible status of its transcription and audio metrics.
 */
export const recording = pgTable(
  'recording',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    ext: varchar('ext', { length: 10 }).notNull(),
    fileKey: varchar('file_key', { length: 300 }).notNull(),
    /** The spec's file hash: MD5 of the first 10 MB (FILE_HASH_LIMIT). Deduplication is by hash and size. */
    hash: varchar('hash', { length: 32 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    channels: smallint('channels').notNull().default(1),
    sampleRate: integer('sample_rate').notNull().default(0),
    codec: varchar('codec', { length: 40 }),
    /** RecordingSource 1-6. */
    source: smallint('source').notNull().default(1),
    /** CallType 1-6. */
    callType: smallint('call_type').notNull().default(4),
    /** The salesperson the recording belongs to (data scope follows this user). */
    ownerUserId: integer('owner_user_id'),
    clueId: integer('clue_id'),
    phone: varchar('phone', { length: 20 }),
    /** Id of the call record this recording belongs to, when it came from the telephony side (getRecordIdByInfoId). */
    callInfoId: varchar('call_info_id', { length: 64 }),
    callTime: timestamp('call_time', { withTimezone: true }),
    uploadedBy: integer('uploaded_by'),
    /** AsrStatus 1-5 and the reason of a failure. */
    asrStatus: smallint('asr_status').notNull().default(1),
    asrError: text('asr_error'),
    /** 1 queued, 2 running, 3 done, 4 failed. */
    metricsStatus: smallint('metrics_status').notNull().default(1),
    metricsError: text('metrics_error'),
    metrics: jsonb('metrics').$type<AudioMetrics>(),
    /** Set by the analysis pipeline: 0 not analysed, 1 queued, 2 running, 3 done, 4 failed. */
    analysisStatus: smallint('analysis_status').notNull().default(0),
    /** Quality mark saved from the list (save quality): score 0-100 and a remark. */
    qualityScore: smallint('quality_score'),
    qualityRemark: varchar('quality_remark', { length: 500 }),
    /** Storage key of the browser-playable copy (mp3 / mp4), made once on first play. */
    playKey: varchar('play_key', { length: 300 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recording_org_created_idx').on(t.organizationId, t.createdAt),
    // the call-analysis list (analysis module) pages by call time, newest first
    index('recording_org_call_time_idx').on(t.organizationId, t.callTime.desc().nullsLast(), t.id.desc()),
    index('recording_org_hash_idx').on(t.organizationId, t.hash),
    index('recording_org_clue_idx').on(t.organizationId, t.clueId),
    index('recording_org_owner_idx').on(t.organizationId, t.ownerUserId),
    index('recording_org_call_info_idx').on(t.organizationId, t.callInfoId),
  ],
);

/**
 * A resumable upload in progress: chunks are appended to a part file in storage (`partKey`) at `offset`; on
 * completion the part becomes a recording. The client resumes by asking for the offset (md5 check answers it).
 */
export const recordingUpload = pgTable(
  'recording_upload',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id').notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    hash: varchar('hash', { length: 32 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    offset: bigint('offset', { mode: 'number' }).notNull().default(0),
    chunks: integer('chunks').notNull().default(0),
    /** The metadata given at init (source, callType, clueId, ownerUserId, phone, callTime, transcript). */
    meta: jsonb('meta').$type<UploadMeta>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recording_upload_org_hash_uq').on(t.organizationId, t.userId, t.hash, t.size)],
);

/** aiVoiceUploadLog: one line per upload attempt, from the server (stored, duplicate, refused) or the client. */
export const aiVoiceUploadLog = pgTable(
  'ai_voice_upload_log',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id'),
    recordingId: integer('recording_id'),
    fileName: varchar('file_name', { length: 255 }),
    hash: varchar('hash', { length: 32 }),
    size: bigint('size', { mode: 'number' }),
    /** 1 stored, 2 duplicate (already stored), 3 refused, 4 failed (client side), 5 resumed. */
    result: smallint('result').notNull(),
    message: varchar('message', { length: 500 }),
    /** 'web' upload page, 'badge', 'headset', 'api' … */
    channel: varchar('channel', { length: 30 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_voice_upload_log_org_idx').on(t.organizationId, t.createdAt)],
);
