import type { Page } from '@crm/core';
import { type AnyColumn, and, desc, gte, lte, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db';
import { type PageRequest, page, pageRows } from './paging';
import { type OrgTable, type Scope, scoped } from './scope';

/** The optional time range of a list call (`startTime`..`endTime`, both ends included). */
export interface TimeRange {
  startTime?: Date;
  endTime?: Date;
}

/** Rows whose `at` falls within the range (no condition for an end not given). */
export function within(at: AnyColumn, f: TimeRange): SQL | undefined {
  return and(f.startTime ? gte(at, f.startTime) : undefined, f.endTime ? lte(at, f.endTime) : undefined);
}

/** An organisation's table listed newest first: it has a creation time and an id. */
type RecordedTable = PgTable & OrgTable & { createdAt: PgColumn; id: PgColumn };

/**
 * The org module's lookup of some users' names within an organisation (its public face answers it): ids of other
 * organisations are not found.
 */
export type UserNameLookup = (db: DbOrTx, orgId: number, ids: number[]) => Promise<Map<number, { realName: string }>>;

export interface RecentList<T extends RecordedTable> {
  table: T;
  /** The column holding the user whose row it is: the role's data scope applies to it (none: every row). */
  owner?: AnyColumn;
  /** The list's own filters, besides the organisation, the data scope and the time range. */
  where?: (SQL | undefined)[];
  /** The user a row names (who did it), shown by real name: looked up once for the page. */
  user?: { of: (row: T['$inferSelect']) => number | null; names: UserNameLookup };
}

/**
 * One page of a "who did what, when" list: the rows of the session's scope within the call's time range on
 * `createdAt`, newest first, each made an item with the real name of the user it names (null when it names none, or
 * one the organisation no longer has).
 */
export async function recentPage<T extends RecordedTable, Item>(
  db: DbOrTx,
  s: Scope,
  f: PageRequest & TimeRange,
  list: RecentList<T>,
  item: (row: T['$inferSelect'], userName: string | null) => Item,
): Promise<Page<Item>> {
  const { table, owner, where = [], user } = list;
  const { rows, total } = await pageRows(
    db,
    table,
    and(scoped(s, table, { owner }), ...where, within(table.createdAt, f)),
    [desc(table.createdAt), desc(table.id)],
    f,
  );
  const userOf = (row: T['$inferSelect']) => user?.of(row) ?? null;
  const ids = rows.map(userOf).filter((id) => id !== null);
  const names = user && ids.length ? await user.names(db, s.orgId, ids) : new Map<number, { realName: string }>();
  return page(
    rows.map((row) => {
      const userId = userOf(row);
      return item(row, userId === null ? null : (names.get(userId)?.realName ?? null));
    }),
    total,
    f,
  );
}
