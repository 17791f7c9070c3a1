import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Fixed-window counters shared by every app process (login, SMS and other rate limits). */
export const rateLimit = pgTable(
  'rate_limit',
  {
    key: varchar('key', { length: 200 }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_window_idx').on(t.windowStart)],
);

/** The operation log: every write, with who, what and when. */
export const operationLog = pgTable(
  'operation_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id'),
    username: varchar('username', { length: 64 }),
    action: varchar('action', { length: 100 }).notNull(),
    path: varchar('path', { length: 200 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    detail: jsonb('detail'),
    result: text('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operation_log_org_time_idx').on(t.organizationId, t.createdAt)],
);

/**
 * A version stamp per organisation and kind of cached settings (AI settings, quality rules): each process keeps its
 * compiled copy while the stamp is unchanged, and every save raises it (platform/versions.ts).
 */
export const cacheVersion = pgTable(
  'cache_version',
  {
    scope: varchar('scope', { length: 40 }).notNull(),
    organizationId: integer('organization_id').notNull(),
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.organizationId] })],
);
