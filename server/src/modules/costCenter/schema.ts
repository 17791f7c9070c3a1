import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The prepaid-pack ledger (资源包). `kind` names the resource a pack holds units of: 'ai_analyze' (minutes of call
 * analysed) now, 'guidance' and others later.
 */
export const costPack = pgTable(
  'cost_pack',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    kind: varchar('kind', { length: 32 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    totalUnits: integer('total_units').notNull(),
    usedUnits: integer('used_units').notNull().default(0),
    /** What was paid for the pack, fen. */
    priceFen: bigint('price_fen', { mode: 'number' }).notNull().default(0),
    /** PackSource: 'trial' | 'purchase' | 'grant'. */
    source: varchar('source', { length: 16 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the last guard against overspending, whatever a writer does
    check('cost_pack_used_within_total', sql`${t.usedUnits} >= 0 and ${t.usedUnits} <= ${t.totalUnits}`),
    index('cost_pack_org_kind_expiry_idx').on(t.organizationId, t.kind, t.expiresAt),
    index('cost_pack_org_kind_created_idx').on(t.organizationId, t.kind, t.createdAt),
  ],
);

/**
 * What was taken from the packs. One charge that spans several packs writes one row per pack: the first under the
 * caller's ref_key, the others under `<ref_key>#2`, `#3`… (see ledger.ts), so that the unique key makes a retried
 * charge a no-op.
 */
export const costUsage = pgTable(
  'cost_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    kind: varchar('kind', { length: 32 }).notNull(),
    packId: integer('pack_id').notNull(),
    units: integer('units').notNull(),
    costFen: bigint('cost_fen', { mode: 'number' }).notNull().default(0),
    refKey: varchar('ref_key', { length: 200 }).notNull(),
    recordingId: integer('recording_id'),
    userId: integer('user_id'),
    remark: varchar('remark', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cost_usage_ref_key_uq').on(t.organizationId, t.kind, t.refKey),
    index('cost_usage_org_kind_created_idx').on(t.organizationId, t.kind, t.createdAt),
    index('cost_usage_org_kind_user_idx').on(t.organizationId, t.kind, t.userId, t.createdAt),
  ],
);
