import { bigint, date, integer, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Rollups of the statistics module, refreshed incrementally by its job (rollup.ts) from the read models the leads
 * and telephony modules publish; the screens read them, and today's figures live, so that a statistics call stays
 * fast over millions of calls and leads.
 */

/** Per Shanghai day and user: calls (answered, missed, talk time), leads taken, follow-ups. Days before today. */
export const statsUserDay = pgTable(
  'stats_user_day',
  {
    organizationId: integer('organization_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    calls: integer('calls').notNull().default(0),
    answered: integer('answered').notNull().default(0),
    missed: integer('missed').notNull().default(0),
    talkSeconds: bigint('talk_seconds', { mode: 'number' }).notNull().default(0),
    taken: integer('taken').notNull().default(0),
    followUps: integer('follow_ups').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day, t.userId] })],
);

/** Live leads per creation day, owner and one dimension's value (follow-up status, stage, source): a snapshot. */
export const statsLeadDay = pgTable(
  'stats_lead_day',
  {
    organizationId: integer('organization_id').notNull(),
    dim: smallint('dim').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ownerId: integer('owner_id').notNull(),
    value: integer('value').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.dim, t.day, t.ownerId, t.value] })],
);

/** How far each rollup of an organisation is: `coveredUntil` the first day not in it, `refreshedAt` its last run. */
export const statsRefresh = pgTable(
  'stats_refresh',
  {
    organizationId: integer('organization_id').notNull(),
    source: varchar('source', { length: 20 }).notNull(),
    coveredUntil: date('covered_until', { mode: 'string' }),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.source] })],
);
