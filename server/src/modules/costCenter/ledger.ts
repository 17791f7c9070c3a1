import { and, asc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { costPack, costUsage } from './schema';

/**
 * The prepaid-pack ledger, with no HTTP and no organisation settings: packs are added (`addPack`), units are taken
 * from them (`takeUnits`) and what is left is summed (`packBalance`). service.ts puts metering, prices and the
 * top-up listeners around it.
 *
 * A charge that spans several packs writes one usage row per pack: the first under the caller's ref key, the
 * others under `<refKey>#2`, `#3`… The unique (organization_id, kind, ref_key) then makes a retried or concurrent
 * charge with the same key take nothing more; a caller's own key may not end in `#<digits>`, so that it can never
 * meet another charge's extra rows.
 */

/** What a pack holds units of: 'ai_analyze' (minutes of call analysed) now, 'guidance' and others later. */
export type CostKind = 'ai_analyze' | 'guidance' | (string & {});

export interface ChargeInput {
  /** Whole units to take, at least 1. */
  units: number;
  /** Names the thing charged (e.g. `analysis:<recordingId>`): charging again with it takes nothing more. */
  refKey: string;
  recordingId?: number | null;
  userId?: number | null;
  remark?: string | null;
}

/** usageId is null when nothing was written because the kind is not metered. */
export type ChargeResult = { ok: true; usageId: number | null } | { ok: false; reason: string };

export interface PackInput {
  units: number;
  /** Validity from now, in days. */
  days: number;
  name: string;
  source: 'trial' | 'purchase' | 'grant';
  priceFen?: number;
  createdBy?: number | null;
}

export interface PackBalance {
  /** Units left in the packs in force. */
  remaining: number;
  /** Units bought in the packs in force (used and left). */
  totalUnits: number;
  /** Expiry of the soonest-expiring pack in force that still has units; null when none has. */
  soonestExpiry: Date | null;
}

const DAY_MS = 86_400_000;
const EXTRA_ROW_SUFFIX = /#\d+$/;

/** Minutes charged for a call: every started minute counts, and a call under a minute is one. */
export function minutesOfCall(durationMs: number): number {
  return Math.max(1, Math.ceil(Math.max(0, durationMs) / 60_000));
}

/** Packs that count at `now`: started and not yet expired. */
function inForce(orgId: number, kind: string, now: Date) {
  return and(
    eq(costPack.organizationId, orgId),
    eq(costPack.kind, kind),
    lte(costPack.startsAt, now),
    gt(costPack.expiresAt, now),
  );
}

export async function packBalance(db: DbOrTx, orgId: number, kind: string, now = new Date()): Promise<PackBalance> {
  const [row] = await db
    .select({
      remaining: sql<string | null>`sum(${costPack.totalUnits} - ${costPack.usedUnits})`,
      totalUnits: sql<string | null>`sum(${costPack.totalUnits})`,
      soonestExpiry: sql<
        Date | string | null
      >`min(${costPack.expiresAt}) filter (where ${costPack.usedUnits} < ${costPack.totalUnits})`,
    })
    .from(costPack)
    .where(inForce(orgId, kind, now));
  return {
    remaining: Number(row?.remaining ?? 0),
    totalUnits: Number(row?.totalUnits ?? 0),
    soonestExpiry: row?.soonestExpiry ? new Date(row.soonestExpiry) : null,
  };
}

export async function addPack(db: DbOrTx, orgId: number, kind: string, p: PackInput, now = new Date()) {
  const [row] = await db
    .insert(costPack)
    .values({
      organizationId: orgId,
      kind,
      name: p.name,
      totalUnits: p.units,
      priceFen: p.priceFen ?? 0,
      source: p.source,
      startsAt: now,
      expiresAt: new Date(now.getTime() + p.days * DAY_MS),
      createdBy: p.createdBy ?? null,
      createdAt: now,
    })
    .returning({ id: costPack.id });
  return { id: row.id };
}

async function usageOf(db: DbOrTx, orgId: number, kind: string, refKey: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: costUsage.id })
    .from(costUsage)
    .where(and(eq(costUsage.organizationId, orgId), eq(costUsage.kind, kind), eq(costUsage.refKey, refKey)))
    .limit(1);
  return row?.id;
}

/** Thrown inside the transaction when another charge with the same key got there first: it is rolled back. */
class AlreadyCharged extends Error {}

/**
 * Takes `units` from the packs in force, soonest expiry first, in one transaction whose pack rows are locked
 * (SELECT … FOR UPDATE): concurrent charges queue on them and never take more than is left. Not enough left:
 * `{ ok: false, reason: insufficient }` and nothing is written.
 */
export async function takeUnits(
  db: DbOrTx,
  orgId: number,
  kind: string,
  input: ChargeInput,
  unitPriceFen: number,
  insufficient: string,
): Promise<ChargeResult> {
  const { units, refKey } = input;
  if (!Number.isInteger(units) || units < 1) throw new Error(`charge of ${units} units: whole units of at least 1`);
  if (!refKey || refKey.length > 190 || EXTRA_ROW_SUFFIX.test(refKey))
    throw new Error(`charge ref key "${refKey}": 1-190 characters, not ending in #<digits>`);

  const done = await usageOf(db, orgId, kind, refKey);
  if (done !== undefined) return { ok: true, usageId: done };
  try {
    return await db.transaction(async (tx) => {
      const now = new Date();
      const packs = await tx
        .select({ id: costPack.id, left: sql<number>`${costPack.totalUnits} - ${costPack.usedUnits}` })
        .from(costPack)
        .where(and(inForce(orgId, kind, now), lt(costPack.usedUnits, costPack.totalUnits)))
        .orderBy(asc(costPack.expiresAt), asc(costPack.id))
        .for('update');
      const parts: { packId: number; units: number }[] = [];
      let wanted = units;
      for (const p of packs) {
        if (wanted === 0) break;
        const take = Math.min(wanted, Number(p.left));
        parts.push({ packId: p.id, units: take });
        wanted -= take;
      }
      if (wanted > 0) return { ok: false, reason: insufficient } as const;

      let firstId: number | undefined;
      for (const [i, part] of parts.entries()) {
        const [row] = await tx
          .insert(costUsage)
          .values({
            organizationId: orgId,
            kind,
            packId: part.packId,
            units: part.units,
            costFen: part.units * unitPriceFen,
            refKey: i === 0 ? refKey : `${refKey}#${i + 1}`,
            recordingId: input.recordingId ?? null,
            userId: input.userId ?? null,
            remark: input.remark ?? null,
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: costUsage.id });
        if (!row) throw new AlreadyCharged();
        firstId ??= row.id;
        await tx
          .update(costPack)
          .set({ usedUnits: sql`${costPack.usedUnits} + ${part.units}` })
          .where(eq(costPack.id, part.packId));
      }
      return { ok: true, usageId: firstId ?? null } as const;
    });
  } catch (err) {
    if (!(err instanceof AlreadyCharged)) throw err;
    return { ok: true, usageId: (await usageOf(db, orgId, kind, refKey)) ?? null };
  }
}
