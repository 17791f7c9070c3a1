/**
 * The money side of the cost centre (费用中心): the organisation's balance and its append-only ledger, recharge
 * through WeChat Pay and Alipay, credits by hand, call fees by line (charged by telephony through
 * `ctx.services.billing.chargeCall`), seats, invoices and payments.
 *
 *   schema.ts     billing_entry, billing_call_rate, billing_call_fee, billing_recharge, billing_invoice
 *   ledger.ts     post an entry (conditional update of organization.balance, idempotent by ref key)
 *   callFees.ts   rates by line, chargeCall
 *   seatFees.ts   the monthly fee per seat and the nightly job that charges it
 *   gateways/     WeChat Pay API v3 (Native) and Alipay (page pay) clients
 *   recharge.ts   recharge orders: create, notification, query job, idempotent credit
 *   accounts.ts   balance, entries, manual credit, rates and fees, seats
 *   invoices.ts   invoice dictionary, apply, list
 *   acquisition/  获客宝 and 精准线索: packs bought, leads delivered, figures, the security check before the detail
 */
import { fenToYuan } from '@crm/core';
import type { CallAnswer, contract } from '@crm/core/contract';
import type { Module } from '../../platform/context';
import { usersWithRoles } from '../org';
import { listCallRates } from './accounts';
import { acquisitionRoutes } from './acquisition/routes';
import { seedAcquisition } from './acquisition/seed';
import { balanceAnnouncer } from './announce';
import { type CallCharge, type CallChargeResult, chargeCall } from './callFees';
import { gatewaysFromEnv, type PaymentGateways } from './gateways';
import { type EntryInput, openLedger, type PostResult, post } from './ledger';
import { RECHARGE_QUERY_JOB, Recharges } from './recharge';
import { billingRoutes } from './routes';
import { chargeSeatFees, monthOf, SEAT_FEE_CRON, SEAT_FEE_JOB, type SeatFeeOutcome, seatRateOf } from './seatFees';
import { seedBilling } from './seed';

export interface BillingService {
  /** Charges a call's fee at its line's rate (telephony, when a call record is final); idempotent per call id. */
  chargeCall(orgId: number, c: CallCharge): Promise<CallChargeResult>;
  /** Posts one ledger entry (other modules' charges and credits); idempotent by ref key. */
  post(orgId: number, e: EntryInput): Promise<PostResult>;
  /** The recharge query job's work for one order (tests run it without waiting for the queue). */
  queryRecharge(data: { orderNo: string; attempt: number }): Promise<void>;
  /** The seat-fee job's work: the month's seat fees, administrators told of a balance too small. */
  chargeSeatFees(month: string, orgId?: number): Promise<SeatFeeOutcome[]>;
  /** The organisation's monthly fee per seat (fen; 0: none): the operator's view. */
  seatRate(orgId: number): Promise<number>;
  /** The organisation's call rates by line ('*' is the default line, 默认): the operator's view. */
  callRates(orgId: number): Promise<CallAnswer<typeof contract.billing.callRateList>['lists']>;
}

declare module '../../platform/context' {
  interface Services {
    billing: BillingService;
  }
  interface Overrides {
    /** Payment gateways instead of those configured by environment (tests: the fake gateway). */
    paymentGateways?: PaymentGateways;
  }
}

export const billingModule: Module = {
  name: 'billing',
  setup(ctx) {
    const gateways = ctx.overrides.paymentGateways ?? gatewaysFromEnv(process.env);
    const announce = balanceAnnouncer(ctx);
    const recharges = new Recharges(ctx.db, gateways, ctx.jobs, announce);
    ctx.jobs.register<{ orderNo: string; attempt: number }>(RECHARGE_QUERY_JOB, (data) => recharges.queryJob(data));
    const seatFees = async (month: string, orgId?: number) => {
      const outcomes = await chargeSeatFees(ctx.db, month, orgId);
      for (const o of outcomes.filter((x) => x.result === 'charged')) await announce(o.orgId);
      for (const o of outcomes.filter((x) => x.result === 'insufficient'))
        await ctx.services.notice.notify(o.orgId, await usersWithRoles(ctx.db, o.orgId, ['super_admin', 'manager']), {
          title: '余额不足',
          content: `账户余额不足，${o.month} 的坐席月租（${o.seats} 个坐席，共 ${fenToYuan(o.amountFen)} 元）未能扣除，请及时充值`,
          msgType: 'balance',
        });
      return outcomes;
    };
    ctx.jobs.register(SEAT_FEE_JOB, () => seatFees(monthOf(new Date())).then(() => undefined));
    ctx.jobs.schedule(SEAT_FEE_JOB, SEAT_FEE_CRON);
    ctx.services.billing = {
      chargeCall: async (orgId, c) => {
        const r = await chargeCall(ctx.db, orgId, c);
        if (r.ok && r.entryId && !r.duplicate) await announce(orgId);
        return r;
      },
      post: async (orgId, e) => {
        const r = await post(ctx.db, orgId, e);
        if (r.ok && !r.duplicate) await announce(orgId);
        return r;
      },
      queryRecharge: (data) => recharges.queryJob(data),
      chargeSeatFees: seatFees,
      seatRate: (orgId) => seatRateOf(ctx.db, orgId),
      callRates: async (orgId) => (await listCallRates(ctx.db, orgId)).lists,
    };
    billingRoutes(ctx, recharges, gateways, announce);
    acquisitionRoutes(ctx);
  },
  async seed(ctx, demo) {
    for (const org of demo) {
      await openLedger(ctx.db, org.orgId);
      await seedBilling(ctx.db, org.orgId, org.adminId);
      await seedAcquisition(ctx.db, org.orgId, org.adminId, org.seatIds);
    }
  },
};

export { DEFAULT_LINE } from './callFees';
export { listExport } from './listExport';
