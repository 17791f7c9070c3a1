/**
 * The money side of the cost centre (费用中心): the organisation's balance and its append-only ledger, recharge
 * through WeChat Pay and Alipay, credits by hand, call fees by line (charged by telephony through
 * `ctx.services.billing.chargeCall`), seats, invoices and payments.
 *
 *   schema.ts     billing_entry, billing_call_rate, billing_call_fee, billing_recharge, billing_invoice
 *   ledger.ts     post an entry (conditional update of organization.balance, idempotent by ref key)
 *   callFees.ts   rates by line, chargeCall
 *   gateways/     WeChat Pay API v3 (Native) and Alipay (page pay) clients
 *   recharge.ts   recharge orders: create, notification, query job, idempotent credit
 *   accounts.ts   balance, entries, manual credit, rates and fees, seats
 *   invoices.ts   invoice dictionary, apply, list
 *   acquisition/  获客宝 and 精准线索: packs bought, leads delivered, figures, the security check before the detail
 */
import type { Module } from '../../platform/context';
import { acquisitionRoutes } from './acquisition/routes';
import { seedAcquisition } from './acquisition/seed';
import { type CallCharge, type CallChargeResult, chargeCall } from './callFees';
import { gatewaysFromEnv, type PaymentGateways } from './gateways';
import { type EntryInput, openLedger, type PostResult, post } from './ledger';
import { RECHARGE_QUERY_JOB, Recharges } from './recharge';
import { billingRoutes } from './routes';
import { seedBilling } from './seed';

export interface BillingService {
  /** Charges a call's fee at its line's rate (telephony, when a call record is final); idempotent per call id. */
  chargeCall(orgId: number, c: CallCharge): Promise<CallChargeResult>;
  /** Posts one ledger entry (other modules' charges and credits); idempotent by ref key. */
  post(orgId: number, e: EntryInput): Promise<PostResult>;
  /** The recharge query job's work for one order (tests run it without waiting for the queue). */
  queryRecharge(data: { orderNo: string; attempt: number }): Promise<void>;
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
    const recharges = new Recharges(ctx.db, gateways, ctx.jobs);
    ctx.jobs.register<{ orderNo: string; attempt: number }>(RECHARGE_QUERY_JOB, (data) => recharges.queryJob(data));
    ctx.services.billing = {
      chargeCall: (orgId, c) => chargeCall(ctx.db, orgId, c),
      post: (orgId, e) => post(ctx.db, orgId, e),
      queryRecharge: (data) => recharges.queryJob(data),
    };
    billingRoutes(ctx, recharges, gateways);
    acquisitionRoutes(ctx);
  },
  async seed(ctx, demo) {
    for (const org of demo) {
      await openLedger(ctx.db, org.orgId);
      await seedBilling(ctx.db, org.orgId, org.adminId, org.seatIds);
      await seedAcquisition(ctx.db, org.orgId, org.adminId, org.seatIds);
    }
  },
};
