import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
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
import type { StoredAnalysis } from './analysisModel';
import type { ParsedMessage } from './parse';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A staff member's chat account on a channel (个微员工: a personal WeChat account), matched to a CRM user. */
export const chatAccount = pgTable(
  'chat_account',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    /** 1 企业微信, 2 个人微信. */
    channel: smallint('channel').notNull(),
    wxid: varchar('wxid', { length: 64 }).notNull(),
    nickname: varchar('nickname', { length: 64 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }),
    userId: integer('user_id'),
    /** 0 未绑定, 1 手机号匹配, 2 手动绑定. */
    matchWay: smallint('match_way').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_account_wxid_uq').on(t.organizationId, t.channel, t.wxid)],
);

/** A customer's chat identity (个微客户), matched to a lead. */
export const chatContact = pgTable(
  'chat_contact',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    channel: smallint('channel').notNull(),
    wxid: varchar('wxid', { length: 64 }).notNull(),
    nickname: varchar('nickname', { length: 64 }).notNull().default(''),
    remark: varchar('remark', { length: 64 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }),
    /** The staff account that first chatted with the contact. */
    accountId: integer('account_id'),
    clueId: integer('clue_id'),
    matchWay: smallint('match_way').notNull().default(0),
    /** 10 助手导入, 11 企业微信, 12 个人微信 (an upload). */
    importWay: smallint('import_way').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_contact_wxid_uq').on(t.organizationId, t.channel, t.wxid),
    index('chat_contact_clue_idx').on(t.organizationId, t.clueId),
  ],
);

/**
 * One chat between a staff account and a contact. `ownerUserId` is whose data it is for the data scope: the owner
 * of the contact's lead, else the account's user, else who uploaded it.
 */
export const chat = pgTable(
  'chat',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    channel: smallint('channel').notNull(),
    accountId: integer('account_id').notNull(),
    contactId: integer('contact_id').notNull(),
    ownerUserId: integer('owner_user_id'),
    clueId: integer('clue_id'),
    lastMsgAt: timestamp('last_msg_at', { withTimezone: true }),
    lastMsg: varchar('last_msg', { length: 100 }).notNull().default(''),
    msgCount: integer('msg_count').notNull().default(0),
    /** Messages the stored analysis read (a newer count queues a re-analysis). */
    analysedCount: integer('analysed_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_pair_uq').on(t.organizationId, t.accountId, t.contactId),
    index('chat_org_last_idx').on(t.organizationId, t.lastMsgAt),
    index('chat_owner_last_idx').on(t.organizationId, t.ownerUserId, t.lastMsgAt),
  ],
);

/**
 * A message. `tokens` are jieba's words of its text (content, or a voice message's transcript), space-joined, and
 * `tsv` their 'simple' tsvector: the same full-text index on PGlite and PostgreSQL. `extId` makes a message pushed
 * or uploaded twice one row.
 */
export const chatMessage = pgTable(
  'chat_message',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    chatId: integer('chat_id').notNull(),
    extId: varchar('ext_id', { length: 128 }).notNull(),
    fromStaff: boolean('from_staff').notNull(),
    sender: varchar('sender', { length: 64 }).notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    type: varchar('type', { length: 10 }).notNull(),
    content: text('content').notNull().default(''),
    mediaKey: varchar('media_key', { length: 300 }),
    mediaName: varchar('media_name', { length: 200 }),
    transcript: text('transcript'),
    tokens: text('tokens').notNull().default(''),
    tsv: tsvector('tsv').generatedAlwaysAs(sql`to_tsvector('simple', tokens)`),
  },
  (t) => [
    uniqueIndex('chat_message_ext_uq').on(t.organizationId, t.chatId, t.extId),
    index('chat_message_chat_time_idx').on(t.chatId, t.sentAt, t.id),
    index('chat_message_tsv_idx').using('gin', t.tsv),
  ],
);

/** The analysis of a chat (the call analyser over its messages), with the message each finding quotes. */
export const chatAnalysis = pgTable('chat_analysis', {
  chatId: integer('chat_id').primaryKey(),
  organizationId: integer('organization_id').notNull(),
  msgCount: integer('msg_count').notNull(),
  intention: smallint('intention'),
  result: jsonb('result').$type<StoredAnalysis>().notNull(),
  /** Key-moment keys already messaged (`price:123`): a re-analysis messages only what is new. */
  sentKeys: text('sent_keys').array().notNull().default(sql`'{}'::text[]`),
  analysedAt: timestamp('analysed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A personal WeChat assistant client of the organisation: its token is sealed (the HMAC key of its pushes). */
export const chatAssistant = pgTable('chat_assistant', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id').notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  token: text('token').notNull(),
  tokenHint: varchar('token_hint', { length: 12 }).notNull(),
  /** 1 启用, 2 停用. */
  status: smallint('status').notNull().default(1),
  messageCount: bigint('message_count', { mode: 'number' }).notNull().default(0),
  lastPushAt: timestamp('last_push_at', { withTimezone: true }),
  createdBy: integer('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An uploaded export, parsed and waiting for the seat to confirm (preview before saving). */
export const chatImport = pgTable(
  'chat_import',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id').notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    format: varchar('format', { length: 10 }).notNull(),
    messages: jsonb('messages').$type<ParsedMessage[]>().notNull(),
    chatId: integer('chat_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_import_user_idx').on(t.organizationId, t.userId)],
);

/**
 * The organisation's WeCom chat archive (会话存档 through the Finance SDK): its corp, archive secret and RSA private
 * key (both sealed, platform/secrets.ts), and the last seq stored, moved in the transaction of the messages it covers.
 */
export const chatArchive = pgTable('chat_archive', {
  organizationId: integer('organization_id').primaryKey(),
  corpId: varchar('corp_id', { length: 64 }).notNull(),
  secret: text('secret').notNull().default(''),
  privateKey: text('private_key').notNull().default(''),
  /** 1 on, 2 off. */
  open: smallint('open').notNull().default(1),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  lastPullAt: timestamp('last_pull_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An archived message that could not be read (its key does not open with the saved private key, or its content is
 * not a message): kept encrypted with the reason, so it is reported and can be read again once the key is right.
 */
export const chatArchiveFailure = pgTable(
  'chat_archive_failure',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    msgid: varchar('msgid', { length: 128 }).notNull(),
    reason: varchar('reason', { length: 300 }).notNull(),
    item: jsonb('item').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_archive_failure_msg_uq').on(t.organizationId, t.msgid)],
);
