import { integer, PgDialect, pgTable, serial } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { scoped, seesUser, unscoped } from './scope';

const clue = pgTable('clue', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id').notNull(),
  ownerUserId: integer('owner_user_id'),
});
const dialect = new PgDialect();
const whereOf = (sql: ReturnType<typeof scoped>) => dialect.sqlToQuery(sql);

describe('unscoped: the named bypass of the data scope', () => {
  it('covers every user of the organisation, and only that organisation', () => {
    const s = unscoped(7, 'test reads every lead');
    expect(s).toEqual({ orgId: 7, visibleUserIds: null });
    expect(seesUser(s, 123)).toBe(true);
    const { sql, params } = whereOf(scoped(s, clue, { owner: clue.ownerUserId }));
    expect(sql).toContain('"organization_id" = $1');
    expect(params).toEqual([7]);
    expect(sql).not.toContain('owner_user_id');
  });

  it('is the data scope a session of the same organisation with an organisation-wide role has', () => {
    const owned = whereOf(scoped({ orgId: 7, visibleUserIds: [1, 2] }, clue, { owner: clue.ownerUserId }));
    expect(owned.sql).toContain('owner_user_id');
    expect(whereOf(scoped(unscoped(7, 'test'), clue)).sql).toBe(
      whereOf(scoped({ orgId: 7, visibleUserIds: null }, clue)).sql,
    );
  });

  it('refuses an empty reason', () => {
    expect(() => unscoped(7, '')).toThrow(/reason/);
    expect(() => unscoped(7, '  ')).toThrow(/reason/);
  });
});
