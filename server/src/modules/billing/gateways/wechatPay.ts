import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import {
  type CreatePayment,
  GatewayError,
  type NotifyRequest,
  type PaidTrade,
  type PaymentGateway,
  pem,
  type TradeState,
} from './types';

/**
 * WeChat Pay API v3, Native payment (the payer scans a QR code):
 * - requests are signed with the merchant's private key (RSA-SHA256 over method, path, timestamp, nonce and body:
 *   the `WECHATPAY2-SHA256-RSA2048` Authorization header), and answers are verified with the platform key;
 * - a notification's `Wechatpay-Signature` is verified over `timestamp\nnonce\nbody\n` with the platform public
 *   key (or platform certificate), then its resource is decrypted with the APIv3 key (AEAD_AES_256_GCM).
 */
export interface WechatPayConfig {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate. */
  serialNo: string;
  /** Merchant API private key (PEM). */
  privateKey: string;
  /** WeChat Pay platform public key or platform certificate (PEM). */
  platformPublicKey: string;
  /** APIv3 key, 32 bytes. */
  apiV3Key: string;
  notifyUrl: string;
  baseUrl: string;
}

/** Notifications older than this are refused (replays of a captured request). */
const MAX_CLOCK_SKEW_S = 300;

function header(h: NotifyRequest['headers'], name: string): string {
  const v = h[name] ?? h[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v) ?? '';
}

export class WechatPayGateway implements PaymentGateway {
  readonly channel = 'wechat' as const;
  readonly notifyAck = { status: 204, body: '', contentType: 'application/json' };

  constructor(
    private readonly cfg: WechatPayConfig,
    private readonly now: () => Date = () => new Date(),
  ) {
    if (Buffer.byteLength(cfg.apiV3Key) !== 32) throw new Error('WECHATPAY_APIV3_KEY must be 32 bytes');
  }

  /** The Authorization header of a request. */
  authorization(method: string, pathWithQuery: string, body: string): string {
    const timestamp = String(Math.floor(this.now().getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const message = `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
    const signature = createSign('RSA-SHA256').update(message).sign(pem(this.cfg.privateKey), 'base64');
    return `WECHATPAY2-SHA256-RSA2048 mchid="${this.cfg.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.cfg.serialNo}"`;
  }

  /** Checks a `Wechatpay-Signature` over timestamp, nonce and body (answers and notifications alike). */
  private verifySignature(h: NotifyRequest['headers'], body: string): void {
    const timestamp = header(h, 'Wechatpay-Timestamp');
    const nonce = header(h, 'Wechatpay-Nonce');
    const signature = header(h, 'Wechatpay-Signature');
    if (!timestamp || !nonce || !signature) throw new GatewayError('微信支付签名头缺失');
    if (Math.abs(this.now().getTime() / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_S)
      throw new GatewayError('微信支付签名已过期');
    const ok = createVerify('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .verify(pem(this.cfg.platformPublicKey), signature, 'base64');
    if (!ok) throw new GatewayError('微信支付签名验证失败');
  }

  private async request(method: 'GET' | 'POST', pathWithQuery: string, payload?: object): Promise<any> {
    const body = payload ? JSON.stringify(payload) : '';
    const res = await fetch(`${this.cfg.baseUrl}${pathWithQuery}`, {
      method,
      headers: {
        authorization: this.authorization(method, pathWithQuery, body),
        accept: 'application/json',
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      body: payload ? body : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    if (res.status === 404 && pathWithQuery.includes('/out-trade-no/')) return { trade_state: 'NOTPAY' };
    if (!res.ok) throw new GatewayError(`微信支付请求失败（HTTP ${res.status}）：${text.slice(0, 200)}`);
    this.verifySignature(Object.fromEntries(res.headers.entries()), text);
    return text ? JSON.parse(text) : {};
  }

  async create(p: CreatePayment): Promise<{ payUrl: string }> {
    const answer = await this.request('POST', '/v3/pay/transactions/native', {
      appid: this.cfg.appId,
      mchid: this.cfg.mchId,
      description: p.subject,
      out_trade_no: p.orderNo,
      notify_url: this.cfg.notifyUrl,
      amount: { total: p.amountFen, currency: 'CNY' },
    });
    if (typeof answer.code_url !== 'string') throw new GatewayError('微信支付未返回二维码地址');
    return { payUrl: answer.code_url };
  }

  async query(orderNo: string): Promise<TradeState> {
    const t = await this.request(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(this.cfg.mchId)}`,
    );
    return stateOf(t);
  }

  verifyNotify(n: NotifyRequest): PaidTrade | null {
    this.verifySignature(n.headers, n.rawBody);
    let event: any;
    try {
      event = JSON.parse(n.rawBody);
    } catch {
      throw new GatewayError('微信支付通知格式不正确');
    }
    const r = event?.resource;
    if (r?.algorithm !== 'AEAD_AES_256_GCM') throw new GatewayError('微信支付通知格式不正确');
    const transaction = JSON.parse(this.decrypt(r.ciphertext, r.nonce, r.associated_data ?? ''));
    if (event.event_type !== 'TRANSACTION.SUCCESS') return null;
    const s = stateOf(transaction);
    return s.state === 'paid' ? s.trade : null;
  }

  /** AEAD_AES_256_GCM with the APIv3 key: the ciphertext ends with the 16-byte tag. */
  decrypt(ciphertext: string, nonce: string, associatedData: string): string {
    try {
      const data = Buffer.from(ciphertext, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', Buffer.from(this.cfg.apiV3Key), Buffer.from(nonce));
      decipher.setAuthTag(data.subarray(data.length - 16));
      decipher.setAAD(Buffer.from(associatedData));
      return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
    } catch {
      throw new GatewayError('微信支付通知解密失败');
    }
  }
}

function stateOf(t: any): TradeState {
  if (t?.trade_state === 'SUCCESS') {
    if (!Number.isSafeInteger(t.amount?.total)) throw new GatewayError('微信支付金额不正确');
    return {
      state: 'paid',
      trade: {
        orderNo: String(t.out_trade_no),
        tradeNo: String(t.transaction_id),
        amountFen: t.amount.total,
        paidAt: t.success_time ? new Date(t.success_time) : new Date(),
      },
    };
  }
  if (t?.trade_state === 'CLOSED' || t?.trade_state === 'REVOKED' || t?.trade_state === 'PAYERROR')
    return { state: 'closed' };
  return { state: 'pending' };
}
