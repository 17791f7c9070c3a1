import { type AnyColumn, and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db';
import { notFound } from './errors';
import type { Session } from './session';
import { updateSet } from './update';

/**
 * Tenancy and data scope, written once. Every query of an organisation's table takes its WHERE from `scoped()`:
 * the session's organisation, live rows only (where the table soft-deletes), and the role's data scope on the
 * owner column. A module adds only its own rule (a lead's collaborators also see it) through `orWhere`.
 * Another organisation's id, or one outside the data scope, is then simply not found.
 */

/** What scoping needs of a session: jobs and system paths that act for a whole organisation pass `unscoped()`. */
export type Scope = Pick<Session, 'orgId' | 'visibleUserIds'>;

/**
 * The one way past the data scope: the whole organisation, whoever's rows they are, for a job or system path that must
 * cross users. The reason (a short English phrase) is there to be read where it is called: `grep -rn "unscoped("`
 * lists every bypass with why it is one. The organisation still applies.
 */
export function unscoped(orgId: number, reason: string): Scope {
  if (!reason.trim()) throw new Error('unscoped() needs a reason');
  return { orgId, visibleUserIds: null };
}

export interface OrgTable {
  organizationId: AnyColumn;
  deletedAt?: AnyColumn;
}

export interface ScopeOptions {
  /** The column holding the user whose data the row is: the data scope applies to it. */
  owner?: AnyColumn;
  /** A module's own rule that also grants sight of a row (e.g. a collaborator on a lead). */
  orWhere?: SQL;
  /** Include soft-deleted rows (recycle bin). */
  deleted?: boolean;
}

/**
 * `col = any(ids)`, or `col = id` for one: PostgreSQL does not read an index in order under an array test, so a
 * seat's own rows (one owner) sort by the owner-leading indexes only with the plain equality.
 */
export function anyOf(col: SQL | AnyColumn, ids: readonly number[]): SQL {
  if (ids.length === 0) return sql`false`;
  return ids.length === 1 ? sql`${col} = ${ids[0]}` : sql`${col} = any(${sql.param([...ids])}::int[])`;
}

/** The data scope alone, on one owner column: undefined for an organisation-wide scope, `false` for nobody. */
export function dataScope(s: Scope, owner: AnyColumn, orWhere?: SQL): SQL | undefined {
  if (s.visibleUserIds === null) return undefined;
  const owners = anyOf(owner, s.visibleUserIds);
  return orWhere ? sql`(${owners} or ${orWhere})` : owners;
}

/** The WHERE of every query of an organisation's table. */
export function scoped(s: Scope, table: OrgTable, opts: ScopeOptions = {}): SQL {
  return and(
    eq(table.organizationId, s.orgId),
    table.deletedAt && !opts.deleted ? isNull(table.deletedAt) : undefined,
    opts.owner ? dataScope(s, opts.owner, opts.orWhere) : undefined,
  )!;
}

/** True when the session's data scope covers this user. */
export const seesUser = (s: Scope, userId: number | null | undefined): boolean =>
  s.visibleUserIds === null || (userId != null && s.visibleUserIds.includes(userId));

/** One row by id within the session's scope, or 404 with the module's message. */
export async function findScoped<T extends PgTable & OrgTable & { id: AnyColumn }>(
  db: DbOrTx,
  s: Scope,
  table: T,
  id: number,
  opts: ScopeOptions & { missing?: string } = {},
): Promise<T['$inferSelect']> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), scoped(s, table, opts)))
    .limit(1);
  if (!row) throw notFound(opts.missing);
  return row as T['$inferSelect'];
}

/**
 * The write of an update call to one row of the session's scope: the fields given (see updateSet) are set, those left
 * out stay; with nothing given nothing is written.
 */
export async function updateScoped<T extends PgTable & OrgTable & { id: AnyColumn }>(
  db: DbOrTx,
  s: Scope,
  table: T,
  { id, ...fields }: { id: number } & Partial<T['$inferInsert']>,
): Promise<void> {
  const set = updateSet(fields);
  if (set)
    await db
      .update(table as PgTable)
      .set(set as PgUpdateSetSource<PgTable>)
      .where(and(eq(table.id, id), scoped(s, table)));
}
