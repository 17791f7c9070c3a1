import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Problem feedback (意见反馈) that users send to their organisation's administrators. */
export const problemFeedback = pgTable(
  'problem_feedback',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id').notNull(),
    /** FeedbackType: 1 功能建议, 2 系统问题, 3 使用咨询, 4 其他. */
    type: smallint('type').notNull(),
    content: text('content').notNull(),
    /** Image URLs (uploaded through /uploadController/uploadImg or any http(s) address). */
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    contact: varchar('contact', { length: 100 }),
    /** FeedbackStatus: 1 待处理, 2 处理中, 3 已处理. */
    status: smallint('status').notNull().default(1),
    reply: text('reply'),
    replyUserId: integer('reply_user_id'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('problem_feedback_org_idx').on(t.organizationId, t.createdAt),
    index('problem_feedback_user_idx').on(t.organizationId, t.userId),
  ],
);
