import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Leads (type 1) and customers (type 2). Owner = follow-up person; the owner's department is not stored (data
 * scope comes from the session's visible users). Deleted rows (deleted_at) are the recycle bin.
 *
 * Indexes are chosen for the list at 1,000,000 rows per organisation: partial btree indexes on the live rows for
 * each offered sort, owner+id for own-data roles, a phone index usable for exact and prefix search
 * (varchar_pattern_ops), and a GIN index over the 1- and 2-character grams of name and company (search_grams),
 * which makes a two-character Chinese name searchable through an index where pg_trgm needs three characters.
 */
export const clue = pgTable(
  'clue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    /** 1 lead, 2 customer. */
    type: smallint('type').notNull().default(1),
    name: varchar('name', { length: 50 }).notNull().default(''),
    company: varchar('company', { length: 100 }).notNull().default(''),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    /** Further phone numbers. */
    phones: text('phones').array().notNull().default(sql`'{}'::text[]`),
    ownerId: integer('owner_id'),
    collaboratorIds: integer('collaborator_ids').array().notNull().default(sql`'{}'::int[]`),
    channelSourceId: integer('channel_source_id'),
    importWay: smallint('import_way').notNull().default(8),
    importRecordId: integer('import_record_id'),
    /** 1 not dialled, 2 answered, 3 missed, 102 updating. */
    callStatus: smallint('call_status').notNull().default(1),
    callCount: integer('call_count').notNull().default(0),
    lastCallTime: timestamp('last_call_time', { withTimezone: true }),
    /** Duration of the last call in seconds (the duration-range filter). */
    lastCallDuration: integer('last_call_duration').notNull().default(0),
    sign: varchar('sign', { length: 50 }).notNull().default(''),
    lockStatus: smallint('lock_status').notNull().default(0),
    /** 1 in the public sea, 2 not. */
    isInSea: smallint('is_in_sea').notNull().default(2),
    receiveType: smallint('receive_type'),
    /** The public pool (public_sea_pool) a lead in the sea lies in. */
    poolId: integer('pool_id'),
    /** How it came into the sea: 1 automatic drop-in, 2 departed-employee data, 3 manual transfer, 4 enterprise query. */
    seaEntryType: smallint('sea_entry_type'),
    seaTime: timestamp('sea_time', { withTimezone: true }),
    /** The owner before it went to the sea (the re-claim delay and customer retrieval read it). */
    previousOwnerId: integer('previous_owner_id'),
    /** When the current owner got it (drop-in rules count idle days from here when nothing happened since). */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /** 1 to be assigned, 2 assigned. */
    assignStatus: smallint('assign_status').notNull().default(2),
    risk: smallint('risk').notNull().default(2),
    voiceprint: smallint('voiceprint').notNull().default(3),
    stage: smallint('stage').notNull().default(1),
    gender: smallint('gender'),
    birthday: date('birthday', { mode: 'string' }),
    age: smallint('age'),
    provinceCode: varchar('province_code', { length: 12 }),
    cityCode: varchar('city_code', { length: 12 }),
    districtCode: varchar('district_code', { length: 12 }),
    /** "省/市/区" text of the codes, kept for lists and exports. */
    areaName: varchar('area_name', { length: 60 }).notNull().default(''),
    address: varchar('address', { length: 200 }).notNull().default(''),
    tagIds: integer('tag_ids').array().notNull().default(sql`'{}'::int[]`),
    followStatusId: integer('follow_status_id'),
    followPhaseId: integer('follow_phase_id'),
    lostReasonId: integer('lost_reason_id'),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    custom: jsonb('custom').$type<Record<string, unknown>>().notNull().default({}),
    searchGrams: text('search_grams').array().notNull().default(sql`'{}'::text[]`),
    nextFollowTime: timestamp('next_follow_time', { withTimezone: true }),
    lastFollowTime: timestamp('last_follow_time', { withTimezone: true }),
    turnCustomerTime: timestamp('turn_customer_time', { withTimezone: true }),
    blacklisted: boolean('blacklisted').notNull().default(false),
    blacklistReason: varchar('blacklist_reason', { length: 200 }),
    createdBy: integer('created_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clue_live_id_idx').on(t.organizationId, t.id.desc()).where(sql`deleted_at is null`),
    index('clue_live_owner_idx').on(t.organizationId, t.ownerId, t.id.desc()).where(sql`deleted_at is null`),
    index('clue_live_updated_idx')
      .on(t.organizationId, t.updatedAt.desc().nullsLast(), t.id.desc())
      .where(sql`deleted_at is null`),
    index('clue_live_next_follow_idx').on(t.organizationId, t.nextFollowTime, t.id).where(sql`deleted_at is null`),
    index('clue_live_last_call_idx')
      .on(t.organizationId, t.lastCallTime.desc().nullsLast(), t.id.desc())
      .where(sql`deleted_at is null`),
    index('clue_live_last_follow_idx')
      .on(t.organizationId, t.lastFollowTime.desc().nullsLast(), t.id.desc())
      .where(sql`deleted_at is null`),
    // own-data roles (a seat sees its own leads) sort within one owner: these keep such pages to an index range
    index('clue_live_owner_next_follow_idx')
      .on(t.organizationId, t.ownerId, t.nextFollowTime, t.id)
      .where(sql`deleted_at is null`),
    index('clue_live_owner_last_follow_idx')
      .on(t.organizationId, t.ownerId, t.lastFollowTime.desc().nullsLast(), t.id.desc())
      .where(sql`deleted_at is null`),
    index('clue_live_owner_updated_idx')
      .on(t.organizationId, t.ownerId, t.updatedAt.desc().nullsLast(), t.id.desc())
      .where(sql`deleted_at is null`),
    index('clue_deleted_idx').on(t.organizationId, t.deletedAt.desc()).where(sql`deleted_at is not null`),
    index('clue_phone_idx').on(t.organizationId, t.phone.op('varchar_pattern_ops')),
    // most leads have no further numbers: the partial index stays small and quick to probe
    index('clue_phones_gin').using('gin', t.phones).where(sql`phones <> '{}'::text[]`),
    index('clue_grams_gin').using('gin', t.searchGrams),
    index('clue_collab_gin').using('gin', t.collaboratorIds).where(sql`collaborator_ids <> '{}'::int[]`),
    // select, multi-select and cascade filters are containment (@>) tests: a rare option would otherwise scan the
    // whole organisation (measured at 1,000,000 leads: 640 ms without, 35 ms with)
    index('clue_custom_gin').using('gin', t.custom.op('jsonb_path_ops')),
    // a pool's page: its leads newest first
    index('clue_sea_pool_idx')
      .on(t.organizationId, t.poolId, t.id.desc())
      .where(sql`deleted_at is null and is_in_sea = 1`),
  ],
);

/** Who else works on a lead besides its owner. */
export const clueCollaborator = pgTable(
  'clue_collaborator',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    clueId: integer('clue_id').notNull(),
    userId: integer('user_id').notNull(),
    addedBy: integer('added_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clue_collaborator_uq').on(t.clueId, t.userId),
    index('clue_collaborator_user_idx').on(t.organizationId, t.userId),
  ],
);

/**
 * The interaction log of a lead: follow-ups, transfers, field edits, lock, blacklist, recycle bin, conversion, and
 * whatever other modules append (calls, messages). Field edits carry detail.changes (the field change log).
 */
export const clueEvent = pgTable(
  'clue_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    clueId: integer('clue_id').notNull(),
    /** follow, call, transfer, edit, create, lock, blacklist, recycle, restore, turn, collaborator, message. */
    type: varchar('type', { length: 20 }).notNull(),
    userId: integer('user_id'),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clue_event_clue_idx').on(t.organizationId, t.clueId, t.createdAt.desc()),
    // the unlock records (/log/unlockPageList) read one type of event across the organisation
    index('clue_event_type_idx').on(t.organizationId, t.type, t.createdAt.desc()),
  ],
);

/**
 * Every move of a lead between owners and the public sea (claim, assignment, drop-in, transfer, handover, retrieval,
 * merge), with its receive type and transfer mode: /clueMonitor, the daily claim cap and customer retrieval read it.
 * action: claim, assign, auto, change, toSea, dropIn, quit, retrieve, merge, restore.
 */
export const clueTransfer = pgTable(
  'clue_transfer',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    clueId: integer('clue_id').notNull(),
    action: varchar('action', { length: 12 }).notNull(),
    fromUserId: integer('from_user_id'),
    toUserId: integer('to_user_id'),
    /** Who did it (null: a rule or a job). */
    operatorId: integer('operator_id'),
    poolId: integer('pool_id'),
    receiveType: smallint('receive_type'),
    transferMode: smallint('transfer_mode'),
    seaEntryType: smallint('sea_entry_type'),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clue_transfer_org_idx').on(t.organizationId, t.createdAt.desc()),
    index('clue_transfer_to_idx').on(t.organizationId, t.toUserId, t.action, t.createdAt),
    index('clue_transfer_from_idx').on(t.organizationId, t.fromUserId, t.createdAt.desc()),
    index('clue_transfer_clue_idx').on(t.organizationId, t.clueId, t.createdAt.desc()),
  ],
);
