import type { Page } from '@crm/core';
import type { PageRequest } from '@crm/core/contract/fields';
import { count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db';

export { PageRequest, pageQuery } from '@crm/core/contract/fields';

export function offsetOf(p: PageRequest): number {
  return (p.pageNum - 1) * p.pageSize;
}

export function page<T>(lists: T[], total: number, p: PageRequest): Page<T> {
  return { lists, total, pageNum: p.pageNum, pageSize: p.pageSize };
}

/** The rows of one page of a table: those matching `where`, in `order`. */
export async function pageSlice<T extends PgTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  order: (SQL | PgColumn)[],
  p: PageRequest,
): Promise<T['$inferSelect'][]> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...order)
    .limit(p.pageSize)
    .offset(offsetOf(p));
  return rows as T['$inferSelect'][];
}

/** The two queries of a list call, run together: one page of a table's rows and how many rows match in all. */
export async function pageRows<T extends PgTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  order: (SQL | PgColumn)[],
  p: PageRequest,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    pageSlice(db, table, where, order, p),
    db
      .select({ total: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { rows, total };
}
