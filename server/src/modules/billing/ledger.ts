import { and, eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db';
import { uniqueViolation } from '../../platform/validation';
import { balanceOf, changeBalance, lockOrganization } from '../org';
import { billingEntry } from './schema';

/**
 * The money ledger, with no HTTP: `post` changes an organisation's balance (organization.balance, fen) by one
 * append-only entry, in one transaction.
 *
 * - The balance row is changed by a conditional UPDATE (`balance + amount >= 0`), which also locks it: concurrent
 *   charges queue on the row, each re-reads the balance the one before left, and none takes it below zero.
 * - The entry carries the balance after it, and (organization_id, ref_key) is unique: posting the same ref key
 *   again (a retried job, a notification received twice, two racing requests) changes nothing and answers the
 *   entry already written.
 * - Amounts are whole fen (safe integers); nothing here goes through floating point.
 */

export const ENTRY_TYPES = ['opening', 'recharge', 'manual', 'call_fee', 'seat_fee', 'pack', 'refund'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

export interface EntryInput {
  type: EntryType;
  /** Signed fen: a credit is positive, a charge negative; never 0. */
  amountFen: number;
  refKey: string;
  remark?: string;
  createdBy?: number | null;
}

export type PostResult =
  | { ok: true; entryId: number; balanceFen: number; duplicate: boolean }
  | { ok: false; reason: 'insufficient'; balanceFen: number };

async function entryByRef(db: DbOrTx, orgId: number, refKey: string) {
  const [row] = await db
    .select({ id: billingEntry.id, balanceAfterFen: billingEntry.balanceAfterFen })
    .from(billingEntry)
    .where(and(eq(billingEntry.organizationId, orgId), eq(billingEntry.refKey, refKey)))
    .limit(1);
  return row;
}

export { balanceOf };

/** The sum of the organisation's entries: equal to balanceOf at every commit (the ledger's invariant). */
export async function entrySum(db: DbOrTx, orgId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${billingEntry.amountFen}), 0)` })
    .from(billingEntry)
    .where(eq(billingEntry.organizationId, orgId));
  return Number(row.sum);
}

/**
 * Posts one entry: one statement that changes the balance row (if the balance allows it) and inserts the entry with
 * the balance after it. A single statement is atomic, holds the row lock only while it runs, and costs one round
 * trip. A ref key already posted makes the insert fail on the unique index, which undoes the balance change; the
 * entry already written is answered. Inside a caller's transaction it runs in a savepoint, so that this failure does
 * not abort the caller's other writes (the recharge marked paid, the call-fee row), which commit with it or not at all.
 */
export async function post(db: DbOrTx, orgId: number, e: EntryInput): Promise<PostResult> {
  if (!Number.isSafeInteger(e.amountFen) || e.amountFen === 0)
    throw new Error(`ledger entry of ${e.amountFen} fen: a non-zero whole number of fen`);
  if (!e.refKey || e.refKey.length > 120) throw new Error(`ledger ref key "${e.refKey}": 1-120 characters`);
  const amount = sql`${String(e.amountFen)}::bigint`;
  const statement = sql`
    with changed as (${changeBalance(orgId, amount)})
    insert into ${billingEntry} (organization_id, type, amount_fen, balance_after_fen, ref_key, remark, created_by)
    select ${orgId}, ${e.type}, ${amount}, changed.balance, ${e.refKey}, ${(e.remark ?? '').slice(0, 200)}, ${e.createdBy ?? null}::int
    from changed
    returning id, balance_after_fen`;
  try {
    const run = (q: DbOrTx) => q.execute<{ id: string | number; balance_after_fen: string | number }>(statement);
    const res = db instanceof PgTransaction ? await db.transaction(run) : await run(db);
    const row = res.rows[0];
    if (!row) {
      // an entry posted before is not refused for the balance it would need now
      const done = await entryByRef(db, orgId, e.refKey);
      if (done) return { ok: true, entryId: done.id, balanceFen: done.balanceAfterFen, duplicate: true };
      return { ok: false, reason: 'insufficient', balanceFen: await balanceOf(db, orgId) };
    }
    return { ok: true, entryId: Number(row.id), balanceFen: Number(row.balance_after_fen), duplicate: false };
  } catch (err) {
    if (uniqueViolation(err) !== 'billing_entry_ref_uq') throw err;
    const done = await entryByRef(db, orgId, e.refKey);
    if (!done) throw err;
    return { ok: true, entryId: done.id, balanceFen: done.balanceAfterFen, duplicate: true };
  }
}

/**
 * The opening entry of an organisation whose balance was set before the ledger (organisations created with a
 * balance): makes the entries sum to the balance again. Nothing when they already do.
 */
export async function openLedger(db: DbOrTx, orgId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrganization(tx, orgId);
    const gap = (await balanceOf(tx, orgId)) - (await entrySum(tx, orgId));
    if (gap === 0) return;
    await tx.insert(billingEntry).values({
      organizationId: orgId,
      type: 'opening',
      amountFen: gap,
      balanceAfterFen: await balanceOf(tx, orgId),
      refKey: `opening:${Date.now()}`,
      remark: '期初余额',
    });
  });
}
