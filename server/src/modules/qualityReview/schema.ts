import type { ReviewEvent, SampleMode } from '@crm/core/contract/qualityReview';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Human review of calls: samples drawn for reviewers, the reviews, the seats' appeals and the score history. */

/** A draw of calls for reviewers: random (a share of each seat's calls) or by rule (low or failed machine scores). */
export const reviewSample = pgTable(
  'quality_review_sample',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    mode: varchar('mode', { length: 10 }).$type<SampleMode>().notNull(),
    percent: smallint('percent'),
    maxScore: smallint('max_score'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    /** Seed of the random draw: the same calls with the same seed give the same sample. */
    seed: integer('seed').notNull(),
    reviewerIds: integer('reviewer_ids').array().notNull().default(sql`'{}'::int[]`),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quality_review_sample_org_idx').on(t.organizationId, t.createdAt)],
);

/** One call of a sample, with its machine score when drawn; reviewedAt is set by the first review after the draw. */
export const reviewSampleCall = pgTable(
  'quality_review_sample_call',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    sampleId: integer('sample_id').notNull(),
    recordingId: integer('recording_id').notNull(),
    ownerUserId: integer('owner_user_id'),
    machineScore: smallint('machine_score'),
    passed: boolean('passed'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('quality_review_sample_call_uq').on(t.organizationId, t.sampleId, t.recordingId),
    index('quality_review_sample_call_recording_idx').on(t.organizationId, t.recordingId),
  ],
);

/** A call's current human score (one per call; every change is also in the history). */
export const callReview = pgTable(
  'quality_call_review',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    recordingId: integer('recording_id').notNull(),
    ownerUserId: integer('owner_user_id'),
    score: smallint('score').notNull(),
    comment: varchar('comment', { length: 500 }),
    reviewerId: integer('reviewer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('quality_call_review_recording_uq').on(t.organizationId, t.recordingId)],
);

/** A seat's appeal against the reviewed score of its call; at most one pending per call (partial unique index). */
export const reviewAppeal = pgTable(
  'quality_review_appeal',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    recordingId: integer('recording_id').notNull(),
    ownerUserId: integer('owner_user_id').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    originalScore: smallint('original_score').notNull(),
    /** AppealStatus: 1 pending, 2 accepted, 3 rejected. */
    status: smallint('status').notNull().default(1),
    newScore: smallint('new_score'),
    decisionComment: varchar('decision_comment', { length: 500 }),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quality_review_appeal_pending_uq').on(t.organizationId, t.recordingId).where(sql`status = 1`),
    index('quality_review_appeal_owner_idx').on(t.organizationId, t.ownerUserId, t.createdAt),
    index('quality_review_appeal_org_idx').on(t.organizationId, t.createdAt),
  ],
);

/** Every change of a call's score: reviews, manual scores, appeals and their decisions, newest read first. */
export const reviewHistory = pgTable(
  'quality_review_history',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    recordingId: integer('recording_id').notNull(),
    event: varchar('event', { length: 10 }).$type<ReviewEvent>().notNull(),
    scoreBefore: smallint('score_before'),
    scoreAfter: smallint('score_after'),
    comment: text('comment'),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quality_review_history_recording_idx').on(t.organizationId, t.recordingId, t.createdAt)],
);
