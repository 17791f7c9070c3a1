import { index, integer, jsonb, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';

/**
 * A merge of leads into one: the lead kept, the leads merged into it (removed), which lead each chosen field's value
 * came from, and the merged leads as they were (what was merged and from where).
 */
export const mergeRecord = pgTable(
  'merge_record',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    keptClueId: integer('kept_clue_id').notNull(),
    mergedClueIds: integer('merged_clue_ids').array().notNull(),
    /** Field name → the lead whose value was kept. */
    choices: jsonb('choices').$type<Record<string, number>>().notNull(),
    /** The leads before the merge (the kept one first), as the detail showed them. */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>[]>().notNull(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('merge_record_org_idx').on(t.organizationId, t.createdAt.desc())],
);
