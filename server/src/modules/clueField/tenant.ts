import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../platform/db';
import { must } from '../../platform/errors';
import { type OrgTable, type Scope, scoped, unscoped } from '../../platform/scope';

/**
 * The business settings belong to the organisation as a whole: their tables have no owner column and no soft delete,
 * so their scope is the organisation alone. They are read by organisation id, because the lead module, the import
 * jobs and the demo seed ask for them without a session.
 */
export const orgWide = (orgId: number): Scope => unscoped(orgId, 'business settings belong to the organisation');

/** The WHERE of every query of a settings table: the organisation's rows. */
export const inOrg = (orgId: number, table: OrgTable): SQL => scoped(orgWide(orgId), table);

type SettingsTable = PgTable & OrgTable & { id: PgColumn };

/** Sets columns of one of the organisation's rows and answers the row as stored. */
export async function updateInOrg<T extends SettingsTable>(
  db: DbOrTx,
  orgId: number,
  table: T,
  id: number,
  set: PgUpdateSetSource<T>,
): Promise<T['$inferSelect']> {
  const [row] = await db
    .update(table as PgTable)
    .set(set as PgUpdateSetSource<PgTable>)
    .where(and(eq(table.id, id), inOrg(orgId, table)))
    .returning();
  return row as T['$inferSelect'];
}

/**
 * A list's new order, first to last (sortNo 1, 2, …), written in one transaction: an id that is not among the rows
 * `within` selects refuses the whole order (404).
 */
export async function sortRows(
  db: Db,
  table: SettingsTable & { sortNo: PgColumn },
  ids: number[],
  within: SQL | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [i, id] of ids.entries()) {
      const [row] = await tx
        .update(table as PgTable)
        .set({ sortNo: i + 1 } as PgUpdateSetSource<PgTable>)
        .where(and(eq(table.id, id), within))
        .returning({ id: table.id });
      must(row);
    }
  });
}
