import { bigserial, index, integer, jsonb, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The installation's operators (运营人员): accounts above the organisations, holding money, prices and grants. Not
 * users of any organisation: no organization_id, their own sessions and audit log.
 */
export const operatorAccount = pgTable('operator_account', {
  id: serial('id').primaryKey(),
  account: varchar('account', { length: 64 }).notNull().unique('operator_account_account_uq'),
  /** argon2id (platform/password.ts). */
  passwordHash: varchar('password_hash', { length: 200 }).notNull(),
  /** 1 enabled, 2 disabled. */
  status: smallint('status').notNull().default(1),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One sign-in of an operator: its token names this row, which signing out, `passwd` and `disable` end. */
export const operatorSession = pgTable(
  'operator_session',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    operatorId: integer('operator_id').notNull(),
    ip: varchar('ip', { length: 64 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operator_session_operator_idx').on(t.operatorId)],
);

/**
 * Everything an operator did (and the command line did to operators): who, what, on which organisation, its money
 * and prices before and after. Append-only.
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for the command line and the environment (`operatorAccount` then says so). */
    operatorId: integer('operator_id'),
    operatorAccount: varchar('operator_account', { length: 64 }).notNull(),
    organizationId: integer('organization_id'),
    action: varchar('action', { length: 100 }).notNull(),
    path: varchar('path', { length: 200 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    detail: jsonb('detail'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operator_audit_time_idx').on(t.createdAt),
    index('operator_audit_org_time_idx').on(t.organizationId, t.createdAt),
  ],
);
