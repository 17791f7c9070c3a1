import { fenToYuan } from '@crm/core';
import type { CallBody, contract } from '@crm/core/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { userCountsByStatus } from '../org';
import { post } from './ledger';
import { seatRate } from './schema';

/**
 * Seat fees (坐席月租): the installation operator sets an organisation's monthly fee per seat, a seat being a user who can sign in. The
 * `billing.seat_fees` job runs every night and charges each organisation with a fee the month it is in, once (ledger
 * ref key `seat:<YYYY-MM>`), for the seats enabled when it runs: so a month is paid in advance on its first night,
 * and a month whose charge the balance could not pay is charged the night after a recharge.
 */
export const SEAT_FEE_JOB = 'billing.seat_fees';
export const SEAT_FEE_CRON = '10 0 * * *';

/** The month (Asia/Shanghai) of `t`, as YYYY-MM. */
export const monthOf = (t: Date) => new Date(t.getTime() + 8 * 3_600_000).toISOString().slice(0, 7);

export async function seatRateOf(db: Db, orgId: number): Promise<number> {
  const [row] = await db.select().from(seatRate).where(eq(seatRate.organizationId, orgId));
  return row?.fenPerMonth ?? 0;
}

/** The operator sets the monthly fee per seat of the organisation it names. */
export async function saveSeatRate(db: Db, input: CallBody<typeof contract.billing.saveSeatRate>): Promise<null> {
  const values = { organizationId: input.organizationId, fenPerMonth: input.fenPerMonth, updatedBy: null };
  await db
    .insert(seatRate)
    .values(values)
    .onConflictDoUpdate({ target: seatRate.organizationId, set: { ...values, updatedAt: new Date() } });
  return null;
}

export interface SeatFeeOutcome {
  orgId: number;
  month: string;
  seats: number;
  amountFen: number;
  /** charged now, charged before (nothing done), or not paid: the balance was too small. */
  result: 'charged' | 'already' | 'insufficient';
}

/** Charges the month's seat fee of every organisation with a fee (or of one); what happened to each. */
export async function chargeSeatFees(db: Db, month: string, orgId?: number): Promise<SeatFeeOutcome[]> {
  const rates = await db
    .select()
    .from(seatRate)
    .where(and(gt(seatRate.fenPerMonth, 0), orgId ? eq(seatRate.organizationId, orgId) : undefined));
  const out: SeatFeeOutcome[] = [];
  for (const r of rates) {
    const seats = (await userCountsByStatus(db, r.organizationId)).enabled;
    const amountFen = seats * r.fenPerMonth;
    if (!amountFen) continue;
    const res = await post(db, r.organizationId, {
      type: 'seat_fee',
      amountFen: -amountFen,
      refKey: `seat:${month}`,
      remark: `${month} 坐席月租：${seats} 个坐席 × ${fenToYuan(r.fenPerMonth)} 元`,
    });
    const result = !res.ok ? 'insufficient' : res.duplicate ? 'already' : 'charged';
    out.push({ orgId: r.organizationId, month, seats, amountFen, result });
  }
  return out;
}
