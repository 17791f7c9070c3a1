import { count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { appUser, organization } from './schema';
import type { OrganizationRow } from './service';

/**
 * The organisations as the installation sees them (the operator's lists) and the balance row the ledger keeps
 * (billing/ledger.ts: `organization.balance`, every change of it one billing entry).
 */

/** The balance in fen (0 for an unknown organisation). */
export async function balanceOf(db: DbOrTx, orgId: number): Promise<number> {
  const [row] = await db
    .select({ balance: organization.balance })
    .from(organization)
    .where(eq(organization.id, orgId))
    .limit(1);
  return row?.balance ?? 0;
}

/**
 * The statement that changes the balance by `amount` if it stays at or above zero, answering the balance after it
 * (no row when refused): the ledger puts it in the same statement as its entry, so that both are one round trip.
 */
export const changeBalance = (orgId: number, amount: SQL): SQL => sql`
  update ${organization} set balance = balance + ${amount}
  where id = ${orgId} and balance + ${amount} >= 0
  returning balance`;

/** Locks the organisation's row until the transaction ends: writes that read the balance (or sums of it) first. */
export async function lockOrganization(tx: DbOrTx, orgId: number): Promise<void> {
  await tx.execute(sql`select 1 from ${organization} where ${organization.id} = ${orgId} for update`);
}

/** Names of some organisations by id. */
export async function organizationNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: organization.id, name: organization.name })
    .from(organization)
    .where(inArray(organization.id, unique));
  return new Map(rows.map((o) => [o.id, o.name]));
}

/** A page of the installation's organisations by id, those whose name holds the keyword (all without one). */
export async function organizationPage(
  db: DbOrTx,
  f: { keyword?: string | null; pageNum: number; pageSize: number },
): Promise<{ rows: OrganizationRow[]; total: number }> {
  const where = f.keyword ? ilike(organization.name, `%${f.keyword.replace(/[\\%_]/g, '\\$&')}%`) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(organization)
      .where(where)
      .orderBy(organization.id)
      .limit(f.pageSize)
      .offset((f.pageNum - 1) * f.pageSize),
    db.select({ total: count() }).from(organization).where(where),
  ]);
  return { rows, total };
}

/** How many users (enabled or not) each of the organisations has. */
export async function userCountsByOrg(db: DbOrTx, orgIds: number[]): Promise<Map<number, number>> {
  if (!orgIds.length) return new Map();
  const rows = await db
    .select({ orgId: appUser.organizationId, n: sql<number>`count(*)::int` })
    .from(appUser)
    .where(inArray(appUser.organizationId, orgIds))
    .groupBy(appUser.organizationId);
  return new Map(rows.map((u) => [u.orgId, Number(u.n)]));
}
