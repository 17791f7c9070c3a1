/** The calls of contract.billing and the gateways' notification webhooks. */
import { formatDateTime } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import { sendXlsx } from '../../platform/xlsxExport';
import {
  exportCallFees,
  exportEntries,
  getBalance,
  listCallFees,
  listCallRates,
  listEntries,
  listSeats,
  manualCredit,
  saveCallRate,
  seatCount,
} from './accounts';
import { getCertification, submitCertification } from './certification';
import { type Channel, GatewayError, type PaymentGateways } from './gateways';
import { applyInvoice, exportInvoices, invoiceDict, listInvoices } from './invoices';
import { buyAiPack, buyCoachingPack } from './packs';
import type { Recharges } from './recharge';
import { saveSeatRate } from './seatFees';
import { exportVendorOrders, listVendorOrders, orderDetail, startTrial } from './vendorOrders';

/** Where each gateway posts its notifications (the NOTIFY_URL variables point here). */
export const NOTIFY_PATH = '/api/backend/payNew/notify';

const stamp = () => formatDateTime(new Date())!.replace(/\D/g, '');

export function billingRoutes(
  ctx: AppContext,
  recharges: Recharges,
  gateways: PaymentGateways,
  announce: (orgId: number) => Promise<void>,
): void {
  const { app, db } = ctx;
  const c = contract.billing;
  const view = { sign: 'cost:view' } as const;
  implement(app, c.getBalance, {}, ({ session }) => getBalance(db, session, gateways));
  implement(app, c.accountRecordPageList, view, ({ session, body }) => listEntries(db, session, body));
  implement(app, c.accountRecordExport, { ...view, raw: true }, ({ session, body, reply }) =>
    sendXlsx(reply, `收支明细_${stamp()}.xlsx`, exportEntries(db, session, body), 'account-records.xlsx'),
  );
  // Money, prices and grants: the installation operator's calls (`operator: true` in the contract), audited with the
  // organisation's money before and after
  const money = (body: { organizationId: number }) => ctx.services.operator.money(body.organizationId);
  implement(app, c.manualCredit, { audit: '人工入账', snapshot: money }, async ({ session, body }) => {
    const done = await manualCredit(db, session, body);
    await announce(body.organizationId);
    return done;
  });
  implement(app, c.saveCallRate, { audit: '设置线路费率', snapshot: money }, ({ body }) => saveCallRate(db, body));
  implement(app, c.saveSeatRate, { audit: '设置坐席月租', snapshot: money }, ({ body }) => saveSeatRate(db, body));
  implement(app, c.buyAiPack, { sign: 'cost:edit', audit: '用余额购买 AI 分析资源包' }, async ({ session, body }) => {
    const pack = await buyAiPack(db, ctx.services.costCenter, session, body);
    await announce(session.orgId);
    return pack;
  });
  implement(
    app,
    c.buyCoachingPack,
    { sign: 'cost:edit', audit: '用余额购买陪练时长包或话术助手次数包' },
    async ({ session, body }) => {
      const pack = await buyCoachingPack(db, ctx.services.costCenter, ctx.config.coachingPackPrices, session, body);
      await announce(session.orgId);
      return pack;
    },
  );
  implement(app, c.callRateList, view, ({ session }) => listCallRates(db, session.orgId));
  implement(app, c.callFeePageList, view, ({ session, body }) => listCallFees(db, session, body));
  implement(app, c.callFeeExport, { ...view, raw: true }, ({ session, body, reply }) =>
    sendXlsx(reply, `通话费_${stamp()}.xlsx`, exportCallFees(db, session, body), 'call-fees.xlsx'),
  );
  implement(app, c.getSeatCount, view, ({ session }) => seatCount(db, session));
  implement(app, c.seatPageList, view, ({ session, body }) => listSeats(db, session, body));
  implement(app, c.invoiceDict, view, ({ session }) => invoiceDict(db, session));
  implement(app, c.invoicePageList, view, ({ session, body }) => listInvoices(db, session, body));
  implement(app, c.invoiceExport, { ...view, raw: true }, ({ session, body, reply }) =>
    sendXlsx(reply, `发票_${stamp()}.xlsx`, exportInvoices(db, session, body), 'invoices.xlsx'),
  );
  implement(app, c.applyInvoice, { sign: 'cost:edit', audit: '申请开票' }, ({ session, body }) =>
    applyInvoice(db, session, body),
  );
  implement(app, c.paymentPageList, view, ({ session, body }) => recharges.list(session, body));
  implement(app, c.paymentExport, { ...view, raw: true }, ({ session, body, reply }) =>
    sendXlsx(reply, `充值记录_${stamp()}.xlsx`, recharges.export(session, body), 'payments.xlsx'),
  );
  for (const [create, query] of [
    [c.payCreateOrder, c.payQueryOrder],
    [c.payNewCreateOrder, c.payNewQueryOrder],
  ] as const) {
    implement(app, create, { sign: 'cost:edit', audit: '在线充值下单' }, ({ session, body }) =>
      recharges.create(session, body),
    );
    implement(app, query, view, ({ session, body }) => recharges.query(session, body.orderNo));
  }

  const v = contract.vendorOrders;
  implement(app, v.onTrial, { sign: 'cost:edit', audit: '申请试用' }, ({ session, body }) =>
    startTrial(db, ctx.services.costCenter, session, body),
  );
  implement(app, v.detail, view, ({ session, body }) => orderDetail(db, ctx.services.costCenter, session, body.id));
  implement(app, v.pageList, view, ({ session, body }) => listVendorOrders(db, session, body));
  implement(app, v.export, { ...view, raw: true }, ({ session, body, reply }) =>
    sendXlsx(reply, `企业订单_${stamp()}.xlsx`, exportVendorOrders(db, session, body), 'vendor-orders.xlsx'),
  );

  implement(app, contract.certification.get, {}, ({ session }) => getCertification(db, session));
  implement(app, contract.certification.submit, { sign: 'org:edit', audit: '提交企业认证' }, ({ session, body }) =>
    submitCertification(db, session, body),
  );

  // The webhooks: no session, the body kept as received (the signature is over its bytes).
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 65_536 }, (_req, body, done) => done(null, body));
    for (const channel of ['wechat', 'alipay'] as Channel[]) {
      const notifySchema = { summary: `支付结果通知（${channel}，由支付平台调用，按平台签名校验）`, tags: ['backend'] };
      scope.post(`${NOTIFY_PATH}/${channel}`, { schema: notifySchema }, async (req, reply) => {
        const ack = gateways[channel]?.notifyAck;
        try {
          await recharges.notify(channel, { headers: req.headers, rawBody: String(req.body ?? '') });
        } catch (err) {
          if (!(err instanceof GatewayError)) throw err;
          req.log.warn({ err: err.message, channel }, 'payment notification refused');
          // both gateways resend a notification answered with anything but their acknowledgement
          return reply.status(400).type('application/json').send({ code: 'FAIL', message: err.message });
        }
        return reply
          .status(ack!.status)
          .type(ack!.contentType)
          .send(ack!.body || undefined);
      });
    }
  });
}
