import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** A purchased seat (agent) of the organisation: free in the pool or bound to one user. */
export const callSeat = pgTable(
  'call_seat',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    /** The agent number on the PBX / call centre (also the SIP user of /sipPhone). */
    seatNo: varchar('seat_no', { length: 20 }).notNull(),
    userId: integer('user_id'),
    lineId: integer('line_id'),
    displayNumber: varchar('display_number', { length: 24 }),
    /** SIP password of the seat (given to its user's /sipPhone only), sealed (platform/secrets.ts). */
    sipPassword: text('sip_password').notNull(),
    boundAt: timestamp('bound_at', { withTimezone: true }),
    expireAt: timestamp('expire_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('call_seat_org_no_uq').on(t.organizationId, t.seatNo).where(sql`${t.deletedAt} is null`),
    uniqueIndex('call_seat_org_user_uq').on(t.organizationId, t.userId).where(sql`${t.deletedAt} is null`),
  ],
);

/** Moves of a seat from one user to another (/callSeatTransfer). */
export const callSeatTransfer = pgTable(
  'call_seat_transfer',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    seatId: integer('seat_id').notNull(),
    seatNo: varchar('seat_no', { length: 20 }).notNull(),
    fromUserId: integer('from_user_id'),
    toUserId: integer('to_user_id'),
    operatorId: integer('operator_id').notNull(),
    reason: varchar('reason', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('call_seat_transfer_org_idx').on(t.organizationId, t.createdAt)],
);

/** An organisation's provider configuration (callDataConfig); without a row the environment's applies. */
export const callProviderConfig = pgTable('call_provider_config', {
  organizationId: integer('organization_id').primaryKey(),
  provider: varchar('provider', { length: 20 }).notNull(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A calling line: its displayed numbers and gateway (what a call costs is billing's rate of the line). */
export const callLine = pgTable(
  'call_line',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    numbers: text('numbers').array().notNull().default(sql`'{}'::text[]`),
    gateway: varchar('gateway', { length: 100 }).notNull().default(''),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('call_line_org_idx').on(t.organizationId)],
);

/** A user's own call settings (/callset). */
export const callUserSetting = pgTable('call_user_setting', {
  userId: integer('user_id').primaryKey(),
  organizationId: integer('organization_id').notNull(),
  lineId: integer('line_id'),
  displayNumber: varchar('display_number', { length: 24 }),
  autoNextSeconds: smallint('auto_next_seconds').notNull().default(0),
});

/** 电销卫士: limits of calls to one number (electricSalesGuard). */
export const callGuard = pgTable('call_guard', {
  organizationId: integer('organization_id').primaryKey(),
  status: smallint('status').notNull().default(2),
  dailyLimit: smallint('daily_limit').notNull().default(3),
  weeklyLimit: smallint('weekly_limit').notNull().default(10),
});

/** Risk numbers (warned before a call) and numbers blocked by 电销卫士 (refused). */
export const callNumberList = pgTable(
  'call_number_list',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    /** 1 risk, 2 blocked. */
    kind: smallint('kind').notNull(),
    phone: varchar('phone', { length: 24 }).notNull(),
    riskType: smallint('risk_type').notNull().default(1),
    reason: varchar('reason', { length: 200 }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('call_number_list_uq').on(t.organizationId, t.phone, t.kind)],
);

/**
 * One call: written before dialling (status 1), moved by provider events (idempotent, in any order) to its final
 * status. `durationSeconds` runs from dialling to hang-up, `billableSeconds` is the talk time the billing charges.
 */
export const callRecord = pgTable(
  'call_record',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    /** Our id of the call, sent to the provider (origination uuid / user data) and used by every event. */
    callId: varchar('call_id', { length: 64 }).notNull(),
    providerCallId: varchar('provider_call_id', { length: 100 }),
    provider: varchar('provider', { length: 20 }).notNull(),
    userId: integer('user_id').notNull(),
    seatId: integer('seat_id'),
    seatNo: varchar('seat_no', { length: 20 }),
    lineId: integer('line_id'),
    clueId: integer('clue_id'),
    taskId: integer('task_id'),
    taskLeadId: integer('task_lead_id'),
    /** The real number (never answered unmasked). */
    phone: varchar('phone', { length: 24 }).notNull(),
    displayNumber: varchar('display_number', { length: 24 }),
    /** 0 created, 1 dialling, 2 ringing, 3 answered, 4 ended: events only move it forward. */
    phase: smallint('phase').notNull().default(0),
    /** CallStatus: 1 未拨打, 102 更新中, 2 已接通, 3 未接通. */
    status: smallint('status').notNull().default(1),
    endReason: varchar('end_reason', { length: 20 }),
    dialedAt: timestamp('dialed_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    billableSeconds: integer('billable_seconds').notNull().default(0),
    recordingUrl: varchar('recording_url', { length: 500 }),
    recordingId: integer('recording_id'),
    followId: integer('follow_id'),
    error: varchar('error', { length: 300 }),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    /** The event that brought the call to its final status: what follows it (the lead, the task) runs once, for it. */
    finalEventKey: varchar('final_event_key', { length: 120 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('call_record_call_id_uq').on(t.callId),
    index('call_record_org_created_idx').on(t.organizationId, t.createdAt),
    index('call_record_org_phone_idx').on(t.organizationId, t.phone, t.createdAt),
    index('call_record_org_clue_idx').on(t.organizationId, t.clueId),
    // the sweeper reads recent calls by time; no index covers a column that events change, so that their updates
    // stay heap-only (HOT) and events apply at thousands a second
    index('call_record_created_idx').on(t.createdAt),
  ],
);

/** Every provider event once (by its key), for idempotency and the call's history. */
export const callEvent = pgTable(
  'call_event',
  {
    organizationId: integer('organization_id').notNull(),
    callId: varchar('call_id', { length: 64 }).notNull(),
    eventKey: varchar('event_key', { length: 120 }).notNull(),
    type: varchar('type', { length: 20 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.callId, t.eventKey] })],
);

/** Nonces of signed webhooks seen within their validity window: a replayed request is ignored. */
export const callWebhookNonce = pgTable(
  'call_webhook_nonce',
  {
    nonce: varchar('nonce', { length: 80 }).primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('call_webhook_nonce_received_idx').on(t.receivedAt)],
);

/** A call task (task package): leads to call, the seats that call them, and its progress. */
export const callTask = pgTable(
  'call_task',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    /** CallTaskStatus: 2 未开始, 1 进行中, 3 已结束. */
    status: smallint('status').notNull().default(2),
    seatUserIds: integer('seat_user_ids').array().notNull().default(sql`'{}'::int[]`),
    creatorId: integer('creator_id').notNull(),
    remark: varchar('remark', { length: 200 }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('call_task_org_idx').on(t.organizationId, t.createdAt)],
);

/** A lead of a call task (cluetask) and how calling it went. */
export const callTaskLead = pgTable(
  'call_task_lead',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    taskId: integer('task_id').notNull(),
    clueId: integer('clue_id').notNull(),
    /** The seat working it (set when it is handed out, round-robin over the task's seats). */
    assignedUserId: integer('assigned_user_id'),
    callStatus: smallint('call_status').notNull().default(1),
    attempts: smallint('attempts').notNull().default(0),
    talkSeconds: integer('talk_seconds').notNull().default(0),
    lastCallId: varchar('last_call_id', { length: 64 }),
    lastCallAt: timestamp('last_call_at', { withTimezone: true }),
    skipped: boolean('skipped').notNull().default(false),
    sortNo: integer('sort_no').notNull().default(0),
  },
  (t) => [
    uniqueIndex('call_task_lead_uq').on(t.taskId, t.clueId),
    index('call_task_lead_next_idx').on(t.taskId, t.callStatus, t.sortNo),
  ],
);

/** Telecom filing (/putOnFile): numbers and scripts submitted with their material, and the carrier's answer. */
export const callFiling = pgTable(
  'call_filing',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    companyName: varchar('company_name', { length: 100 }).notNull(),
    numbers: text('numbers').array().notNull(),
    script: text('script').notNull(),
    materials: text('materials').array().notNull(),
    /** 1 审核中, 2 已通过, 3 已驳回. */
    status: smallint('status').notNull().default(1),
    auditRemark: varchar('audit_remark', { length: 500 }),
    submittedBy: integer('submitted_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('call_filing_org_idx').on(t.organizationId, t.createdAt)],
);
