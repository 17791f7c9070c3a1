import { integer, pgTable, serial, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Customer retrieval settings of an organisation: whether owners may take back customers that left them, within how
 * many days, from where (the sea, a colleague, the recycle bin) and how many a day.
 */
export const retrievalSetting = pgTable(
  'retrieval_setting',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    /** 1 on, 2 off. */
    enabled: smallint('enabled').notNull().default(1),
    days: integer('days').notNull().default(30),
    fromSea: smallint('from_sea').notNull().default(1),
    fromColleague: smallint('from_colleague').notNull().default(2),
    fromDeleted: smallint('from_deleted').notNull().default(1),
    /** Retrievals per user and day (0: no limit). */
    dailyLimit: integer('daily_limit').notNull().default(20),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('retrieval_setting_org_uq').on(t.organizationId)],
);
