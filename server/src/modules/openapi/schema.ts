import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * An organisation's open-API key: the app key is public, the secret is sealed at rest (platform/secrets.ts) because
 * the server needs it to check HMAC signatures; it is answered once, when the key is created or rotated.
 */
export const openApiKey = pgTable(
  'openapi_key',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    appKey: varchar('app_key', { length: 40 }).notNull().unique('openapi_key_app_key_uq'),
    secret: text('secret').notNull(),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    /** 1 in use, 2 revoked. */
    status: smallint('status').notNull().default(1),
    /** The administrator who created it: the open API acts as this user (creator of the leads it pushes). */
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('openapi_key_org_idx').on(t.organizationId, t.id)],
);

/**
 * Nonces seen within the signature window, per key: the primary key makes "each nonce once" hold across processes
 * sharing the database; rows older than the window are purged by the `openapi.purgeNonces` job.
 */
export const openApiNonce = pgTable(
  'openapi_nonce',
  {
    keyId: integer('key_id').notNull(),
    nonce: varchar('nonce', { length: 64 }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.nonce] }), index('openapi_nonce_seen_idx').on(t.seenAt)],
);
