import type { MessageParam } from '@crm/core/contract/notice';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/** An organisation notice (公告), written by users with the notice:edit sign; publishing notifies every user. */
export const notice = pgTable(
  'notice',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    /** 1 published, 2 draft (NoticeStatus). */
    status: smallint('status').notNull().default(1),
    createdBy: integer('created_by').notNull(),
    createdByName: varchar('created_by_name', { length: 64 }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notice_org_time_idx').on(t.organizationId, t.createdAt)],
);

/**
 * A message to one user (站内消息): notices, reminders, AI analysis results (msgType ai_* goes to the AI list).
 * Unread while readAt is null.
 */
export const appNotice = pgTable(
  'app_notice',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    content: text('content').notNull().default(''),
    msgType: varchar('msg_type', { length: 50 }).notNull(),
    /** What the message carries for its type (a clue reminder's clueInfo …). */
    param: jsonb('param').$type<MessageParam>(),
    /** The organisation notice this message announces, if any. */
    noticeId: integer('notice_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('app_notice_user_time_idx').on(t.userId, t.createdAt),
    index('app_notice_unread_idx').on(t.userId, t.msgType).where(sql`${t.readAt} is null`),
    index('app_notice_notice_idx').on(t.noticeId),
  ],
);
