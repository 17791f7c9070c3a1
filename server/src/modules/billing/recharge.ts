import { randomInt } from 'node:crypto';
import { fenToYuan, formatDateTime, ResultCode } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { ChannelName, RechargeStatusName } from '@crm/core/contract/billing';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import { recentPage } from '../../platform/pagingRecent';
import { scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { orgUsersByIds } from '../org';
import { type Channel, GatewayError, type NotifyRequest, type PaidTrade, type PaymentGateways } from './gateways';
import { post } from './ledger';
import { listExport } from './listExport';
import { rechargeOrder } from './schema';

type Calls = typeof contract.billing;
type Body<K extends keyof Calls> = CallBody<Calls[K]>;
type Answer<K extends keyof Calls> = CallAnswer<Calls[K]>;
type Row = typeof rechargeOrder.$inferSelect;

/** The job that asks the gateway about a recharge whose notification has not come. */
export const RECHARGE_QUERY_JOB = 'billing.rechargeQuery';
/** First query a minute after the order, then every few minutes, for two hours (then it is closed). */
const QUERY_DELAYS_S = [60, 120, 300, 600, 900, 1800, 3600];

const NOT_CONFIGURED: Record<Channel, string> = {
  wechat: '未配置微信支付，暂不能在线充值，请联系管理员人工入账',
  alipay: '未配置支付宝，暂不能在线充值，请联系管理员人工入账',
};

function view(r: Row) {
  const channel = r.channel as Channel;
  return {
    orderNo: r.orderNo,
    channel,
    channelName: ChannelName[channel],
    amountFen: r.amountFen,
    status: r.status,
    statusName: RechargeStatusName[r.status as 1 | 2 | 3],
    payUrl: r.status === 1 ? r.payUrl : '',
    paidAt: formatDateTime(r.paidAt),
    createdAt: formatDateTime(r.createdAt),
  };
}

/** CZ + Shanghai time to the second + 6 random digits: unique, and what the gateway shows the payer. */
function newOrderNo(now = new Date()): string {
  return `CZ${formatDateTime(now)!.replace(/\D/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export class Recharges {
  constructor(
    private readonly db: Db,
    private readonly gateways: PaymentGateways,
    private readonly jobs: Jobs,
    /** Called with the organisation once a recharge is credited (the balance push). */
    private readonly credited: (orgId: number) => Promise<void> = async () => undefined,
  ) {}

  async create(s: Session, input: Body<'payNewCreateOrder'>): Promise<Answer<'payNewCreateOrder'>> {
    const gateway = this.gateways[input.channel];
    if (!gateway) throw badRequest(NOT_CONFIGURED[input.channel]);
    const orderNo = newOrderNo();
    const subject = `账户充值 ${fenToYuan(input.amountFen)} 元`;
    let payUrl: string;
    try {
      ({ payUrl } = await gateway.create({ orderNo, amountFen: input.amountFen, subject }));
    } catch (err) {
      throw new AppError(
        ResultCode.UNAVAILABLE,
        err instanceof GatewayError ? err.message : `${ChannelName[input.channel]}下单失败，请稍后重试`,
      );
    }
    const [row] = await this.db
      .insert(rechargeOrder)
      .values({
        organizationId: s.orgId,
        orderNo,
        channel: input.channel,
        amountFen: input.amountFen,
        payUrl,
        createdBy: s.userId,
      })
      .returning();
    await this.jobs.send(RECHARGE_QUERY_JOB, { orderNo, attempt: 0 }, { startAfter: QUERY_DELAYS_S[0] });
    return view(row);
  }

  /** The recharge as the page polls it; a pending one is asked of the gateway (the notification may be lost). */
  async query(s: Session, orderNo: string): Promise<Answer<'payNewQueryOrder'>> {
    const [row] = await this.db
      .select()
      .from(rechargeOrder)
      .where(and(scoped(s, rechargeOrder), eq(rechargeOrder.orderNo, orderNo)))
      .limit(1);
    if (!row) throw notFound('充值订单不存在');
    if (row.status !== 1) return view(row);
    return view((await this.refresh(row)) ?? row);
  }

  /** Asks the gateway; credits a paid order, closes a closed one. Answers the row as it is now (null: unchanged). */
  private async refresh(row: Row): Promise<Row | null> {
    const gateway = this.gateways[row.channel as Channel];
    if (!gateway) return null;
    const t = await gateway.query(row.orderNo);
    if (t.state === 'paid') return this.credit(row.channel as Channel, t.trade);
    if (t.state === 'closed') return this.close(row.orderNo);
    return null;
  }

  private async close(orderNo: string): Promise<Row | null> {
    const [row] = await this.db
      .update(rechargeOrder)
      .set({ status: 3 })
      .where(and(eq(rechargeOrder.orderNo, orderNo), eq(rechargeOrder.status, 1)))
      .returning();
    return row ?? null;
  }

  /**
   * Credits a paid recharge once: the recharge row is locked, a paid one is left as it is, the amount must be the
   * order's, and the ledger entry (`recharge:<orderNo>`) is itself unique. A notification received twice, or
   * arriving while the query job credits, credits once.
   */
  async credit(channel: Channel, trade: PaidTrade): Promise<Row> {
    const row = await this.creditOnce(channel, trade);
    await this.credited(row.organizationId);
    return row;
  }

  private async creditOnce(channel: Channel, trade: PaidTrade): Promise<Row> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(rechargeOrder)
        .where(and(eq(rechargeOrder.orderNo, trade.orderNo), eq(rechargeOrder.channel, channel)))
        .for('update');
      if (!row) throw new GatewayError(`未知的充值订单 ${trade.orderNo}`);
      if (row.status === 2) return row;
      if (trade.amountFen !== row.amountFen)
        throw new GatewayError(`充值订单 ${trade.orderNo} 金额不符：${trade.amountFen} ≠ ${row.amountFen}`);
      const posted = await post(tx, row.organizationId, {
        type: 'recharge',
        amountFen: row.amountFen,
        refKey: `recharge:${row.orderNo}`,
        remark: `${ChannelName[channel]}充值 ${row.orderNo}`,
        createdBy: row.createdBy,
      });
      if (!posted.ok) throw new Error('a credit cannot be refused');
      const [paid] = await tx
        .update(rechargeOrder)
        .set({ status: 2, paidAt: trade.paidAt, gatewayTradeNo: trade.tradeNo, entryId: posted.entryId })
        .where(eq(rechargeOrder.id, row.id))
        .returning();
      return paid;
    });
  }

  /** A gateway's notification: verified (GatewayError otherwise), then credited. */
  async notify(channel: Channel, n: NotifyRequest): Promise<void> {
    const gateway = this.gateways[channel];
    if (!gateway) throw new GatewayError(NOT_CONFIGURED[channel]);
    const trade = gateway.verifyNotify(n);
    if (trade) await this.credit(channel, trade);
  }

  /** The query job: asks the gateway until the recharge is paid or closed, then gives up and closes it. */
  async queryJob(data: { orderNo: string; attempt: number }): Promise<void> {
    const [row] = await this.db.select().from(rechargeOrder).where(eq(rechargeOrder.orderNo, data.orderNo)).limit(1);
    if (row?.status !== 1) return;
    const now = await this.refresh(row);
    if (now && now.status !== 1) return;
    const next = data.attempt + 1;
    if (next >= QUERY_DELAYS_S.length) {
      await this.close(row.orderNo);
      return;
    }
    await this.jobs.send(
      RECHARGE_QUERY_JOB,
      { orderNo: row.orderNo, attempt: next },
      { startAfter: QUERY_DELAYS_S[next] },
    );
  }

  list(s: Session, f: Body<'paymentPageList'>): Promise<Answer<'paymentPageList'>> {
    return recentPage(
      this.db,
      s,
      f,
      {
        table: rechargeOrder,
        where: [
          f.status ? eq(rechargeOrder.status, f.status) : undefined,
          f.channel ? eq(rechargeOrder.channel, f.channel) : undefined,
        ],
        user: { of: (r) => r.createdBy, names: orgUsersByIds },
      },
      (r, createdByName) => ({ ...view(r), id: r.id, createdByName }),
    );
  }

  export = (s: Session, f: Body<'paymentExport'>) =>
    listExport(
      '充值记录',
      [
        { header: '下单时间', width: 20 },
        { header: '订单号', width: 26 },
        '支付方式',
        '金额（元）',
        '状态',
        { header: '支付时间', width: 20 },
        '操作人',
      ],
      (p) => this.list(s, p),
      f,
      (r) => [r.createdAt, r.orderNo, r.channelName, fenToYuan(r.amountFen), r.statusName, r.paidAt, r.createdByName],
    );
}
