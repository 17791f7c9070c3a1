import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * A signed-in session: the refresh token (hashed) rotates on every refresh (the old ones kept in auth_refresh_rotated);
 * logOut revokes it.
 */
export const authSession = pgTable(
  'auth_session',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    userId: integer('user_id').notNull(),
    organizationId: integer('organization_id').notNull(),
    refreshHash: varchar('refresh_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('auth_session_refresh_uq').on(t.refreshHash), index('auth_session_user_idx').on(t.userId)],
);

/**
 * Refresh tokens already rotated away (hashed), with the session they belonged to: one presented again was copied
 * (theft, or a leaked backup), so that the whole session is revoked with it, its newer refresh token and access tokens.
 */
export const authRefreshRotated = pgTable(
  'auth_refresh_rotated',
  {
    refreshHash: varchar('refresh_hash', { length: 64 }).primaryKey(),
    sessionId: varchar('session_id', { length: 36 }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_refresh_rotated_session_idx').on(t.sessionId)],
);

/** SMS verification codes: stored hashed, expire, single use, a few attempts. */
export const smsCode = pgTable(
  'sms_code',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    phone: varchar('phone', { length: 20 }).notNull(),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_code_phone_idx').on(t.phone, t.purpose, t.createdAt)],
);

/** Image captcha challenges (getCode/v2): answer hashed, single use. */
export const captchaChallenge = pgTable('captcha_challenge', {
  id: varchar('id', { length: 36 }).primaryKey(),
  answerHash: varchar('answer_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
