import { createSign, createVerify } from 'node:crypto';
import { formatDateTime } from '@crm/core';
import {
  type CreatePayment,
  fenToGatewayYuan,
  GatewayError,
  gatewayYuanToFen,
  type NotifyRequest,
  type PaidTrade,
  type PaymentGateway,
  pem,
  type TradeState,
} from './types';

/**
 * Alipay open platform, page pay (alipay.trade.page.pay) with RSA2: every request's parameters are sorted, joined
 * as `k=v&…` and signed (SHA256withRSA) with the application's private key; the asynchronous notification (a form
 * POST) is verified the same way with Alipay's public key, over every parameter but `sign` and `sign_type`; a
 * query answer is verified over the raw text of its `alipay_trade_query_response` object.
 */
export interface AlipayConfig {
  appId: string;
  /** The application's private key (PEM, PKCS#8 or PKCS#1). */
  privateKey: string;
  /** Alipay's public key (PEM). */
  alipayPublicKey: string;
  notifyUrl: string;
  returnUrl: string;
  gateway: string;
}

const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** The text Alipay signs: parameters sorted by name, empty ones and the signature itself left out. */
export function signContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '' && params[k] != null)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export class AlipayGateway implements PaymentGateway {
  readonly channel = 'alipay' as const;
  readonly notifyAck = { status: 200, body: 'success', contentType: 'text/plain' };

  constructor(private readonly cfg: AlipayConfig) {}

  private sign(params: Record<string, string>): string {
    return createSign('RSA-SHA256').update(signContent(params), 'utf8').sign(pem(this.cfg.privateKey), 'base64');
  }

  private verify(content: string, signature: string): boolean {
    try {
      return createVerify('RSA-SHA256')
        .update(content, 'utf8')
        .verify(pem(this.cfg.alipayPublicKey), signature, 'base64');
    } catch {
      return false;
    }
  }

  /** The common parameters of a request, signed. */
  signedParams(method: string, biz: object, extra: Record<string, string> = {}): Record<string, string> {
    const params: Record<string, string> = {
      app_id: this.cfg.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: formatDateTime(new Date())!,
      version: '1.0',
      biz_content: JSON.stringify(biz),
      ...extra,
    };
    return { ...params, sign: this.sign(params) };
  }

  async create(p: CreatePayment): Promise<{ payUrl: string }> {
    const params = this.signedParams(
      'alipay.trade.page.pay',
      {
        out_trade_no: p.orderNo,
        product_code: 'FAST_INSTANT_TRADE_PAY',
        total_amount: fenToGatewayYuan(p.amountFen),
        subject: p.subject,
      },
      { notify_url: this.cfg.notifyUrl, return_url: this.cfg.returnUrl },
    );
    // page pay is a GET of the gateway with the signed parameters: the payer's browser opens it
    return { payUrl: `${this.cfg.gateway}?${new URLSearchParams(params).toString()}` };
  }

  async query(orderNo: string): Promise<TradeState> {
    const params = this.signedParams('alipay.trade.query', { out_trade_no: orderNo });
    const res = await fetch(this.cfg.gateway, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    if (!res.ok) throw new GatewayError(`支付宝请求失败（HTTP ${res.status}）`);
    const raw = /"alipay_trade_query_response"\s*:\s*(\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\})/.exec(text)?.[1];
    const signature = /"sign"\s*:\s*"([^"]+)"/.exec(text)?.[1];
    if (!raw || !signature || !this.verify(raw, signature)) throw new GatewayError('支付宝应答签名验证失败');
    const r = JSON.parse(raw);
    // ACQ.TRADE_NOT_EXIST: the payer has not opened the page yet
    if (r.code !== '10000') return { state: 'pending' };
    if (PAID_STATES.has(r.trade_status))
      return {
        state: 'paid',
        trade: {
          orderNo: r.out_trade_no,
          tradeNo: r.trade_no,
          amountFen: gatewayYuanToFen(r.total_amount),
          paidAt: new Date(),
        },
      };
    return r.trade_status === 'TRADE_CLOSED' ? { state: 'closed' } : { state: 'pending' };
  }

  verifyNotify(n: NotifyRequest): PaidTrade | null {
    const params = Object.fromEntries(new URLSearchParams(n.rawBody));
    if (!params.sign || !this.verify(signContent(params), params.sign)) throw new GatewayError('支付宝签名验证失败');
    if (params.app_id !== this.cfg.appId) throw new GatewayError('支付宝通知的应用不符');
    if (!PAID_STATES.has(params.trade_status)) return null;
    return {
      orderNo: params.out_trade_no,
      tradeNo: params.trade_no,
      amountFen: gatewayYuanToFen(params.total_amount),
      paidAt: params.gmt_payment ? new Date(`${params.gmt_payment.replace(' ', 'T')}+08:00`) : new Date(),
    };
  }
}
