import type { TrainMoment } from '@crm/core/contract/training';
import { sql } from 'drizzle-orm';
import {
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
 * An example call (培训案例): a call a manager marked good or bad, with the moments to study. The facets it is found
 * by (tags, intention, SOP items, objections) are copied from the analysis and the SOP check when it is marked and
 * again after every later analysis of the call (the `training.facets` consumer), never read from their tables.
 */
export const callExample = pgTable(
  'call_example',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    recordingId: integer('recording_id').notNull(),
    /** ExampleKind: 1 好案例, 2 反面案例. */
    kind: smallint('kind').notNull(),
    note: text('note'),
    moments: jsonb('moments').$type<TrainMoment[]>().notNull().default([]),
    /** Whose call it is (the recording's owner when marked): the data scope of the library applies to it. */
    callOwnerId: integer('call_owner_id'),
    callTime: timestamp('call_time', { withTimezone: true }),
    durationMs: integer('duration_ms').notNull().default(0),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    intention: varchar('intention', { length: 20 }),
    objections: text('objections').array().notNull().default(sql`'{}'::text[]`),
    sopItems: text('sop_items').array().notNull().default(sql`'{}'::text[]`),
    markedBy: integer('marked_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('call_example_org_recording_uq').on(t.organizationId, t.recordingId).where(sql`${t.deletedAt} is null`),
    index('call_example_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/** A training (培训) assigned to one person: a call to study (through its example) or a practice script. */
export const callTrainLog = pgTable(
  'call_train_log',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    /** TrainSource: 1 通话案例, 2 陪练剧本. */
    source: smallint('source').notNull(),
    exampleId: integer('example_id'),
    recordingId: integer('recording_id'),
    /** A practice script of the practice module: a plain reference, no foreign key. */
    scriptId: integer('script_id'),
    scriptName: varchar('script_name', { length: 100 }),
    title: varchar('title', { length: 100 }).notNull(),
    note: text('note'),
    /** The trainee: the data scope applies to this column. */
    userId: integer('user_id').notNull(),
    /** The trainee's department when assigned (or transferred): completion per department. */
    deptId: integer('dept_id'),
    assignedBy: integer('assigned_by').notNull(),
    /** TrainStatus stored: 1 未开始, 2 学习中, 3 已完成 (4 已逾期 is computed from the deadline). */
    status: smallint('status').notNull().default(1),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** 学习心得. */
    takeaway: text('takeaway'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('call_train_log_org_user_idx').on(t.organizationId, t.userId, t.createdAt),
    index('call_train_log_org_created_idx').on(t.organizationId, t.createdAt),
    index('call_train_log_org_example_idx').on(t.organizationId, t.exampleId),
  ],
);

/** Who handed a training to whom (rpcTransferCallTrainLog): the history kept with it. */
export const callTrainTransfer = pgTable(
  'call_train_transfer',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    trainId: integer('train_id').notNull(),
    fromUserId: integer('from_user_id').notNull(),
    toUserId: integer('to_user_id').notNull(),
    reason: varchar('reason', { length: 200 }),
    operatorId: integer('operator_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('call_train_transfer_org_train_idx').on(t.organizationId, t.trainId)],
);
