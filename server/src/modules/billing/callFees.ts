import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { post } from './ledger';
import { callFee, callRate } from './schema';

/** The line whose rate applies to calls on a line without its own. */
export const DEFAULT_LINE = '*';

/** Minutes billed for a call: every started minute counts; a call with no billable second costs nothing. */
export function billableMinutes(seconds: number): number {
  return seconds > 0 ? Math.ceil(seconds / 60) : 0;
}

export interface CallCharge {
  /** The call's id in the telephony module; a call is charged once, whatever the number of attempts. */
  callId: string;
  line: string;
  billableSeconds: number;
  userId?: number | null;
}

export type CallChargeResult =
  | { ok: true; amountFen: number; minutes: number; entryId: number | null; duplicate: boolean }
  | { ok: false; reason: 'insufficient' | 'no_rate'; balanceFen?: number };

/** The rate of a line: its own, else the default line's; null when neither is set. */
export async function rateFor(db: DbOrTx, orgId: number, line: string): Promise<number | null> {
  const rows = await db
    .select({ line: callRate.line, rate: callRate.rateFenPerMinute })
    .from(callRate)
    .where(and(eq(callRate.organizationId, orgId), inArray(callRate.line, [line, DEFAULT_LINE])));
  return (rows.find((r) => r.line === line) ?? rows.find((r) => r.line === DEFAULT_LINE))?.rate ?? null;
}

/**
 * Charges one call at its line's rate per started minute: the ledger entry (`call:<callId>`) and the call-fee row
 * in one transaction, idempotent per call id. Telephony calls this when a call record is final. A line without a
 * rate (and no default) is not charged: `no_rate`; a balance too small: `insufficient`, nothing written.
 */
export async function chargeCall(db: DbOrTx, orgId: number, c: CallCharge): Promise<CallChargeResult> {
  if (!Number.isInteger(c.billableSeconds) || c.billableSeconds < 0)
    throw new Error(`call ${c.callId}: billable seconds must be a whole number >= 0`);
  const [done] = await db
    .select()
    .from(callFee)
    .where(and(eq(callFee.organizationId, orgId), eq(callFee.callId, c.callId)))
    .limit(1);
  if (done)
    return { ok: true, amountFen: done.amountFen, minutes: done.minutes, entryId: done.entryId, duplicate: true };
  const minutes = billableMinutes(c.billableSeconds);
  if (minutes === 0) return { ok: true, amountFen: 0, minutes: 0, entryId: null, duplicate: false };
  const rate = await rateFor(db, orgId, c.line);
  if (rate === null) return { ok: false, reason: 'no_rate' };
  const amountFen = minutes * rate;
  if (amountFen === 0) return { ok: true, amountFen: 0, minutes, entryId: null, duplicate: false };
  return db.transaction(async (tx) => {
    const posted = await post(tx, orgId, {
      type: 'call_fee',
      amountFen: -amountFen,
      refKey: `call:${c.callId}`,
      remark: `通话费 ${c.line} ${minutes} 分钟`,
    });
    if (!posted.ok) return { ok: false, reason: 'insufficient', balanceFen: posted.balanceFen } as const;
    await tx
      .insert(callFee)
      .values({
        organizationId: orgId,
        callId: c.callId,
        line: c.line,
        userId: c.userId ?? null,
        billableSeconds: c.billableSeconds,
        minutes,
        rateFenPerMinute: rate,
        amountFen,
        entryId: posted.entryId,
      })
      .onConflictDoNothing();
    return { ok: true, amountFen, minutes, entryId: posted.entryId, duplicate: posted.duplicate } as const;
  });
}
