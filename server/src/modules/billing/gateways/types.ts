import { fenToYuanText, yuanToFen } from '@crm/core';
/** What a recharge needs of a payment gateway; WeChat Pay and Alipay each implement it with their own protocol. */
export type Channel = 'wechat' | 'alipay';

export interface CreatePayment {
  orderNo: string;
  amountFen: number;
  subject: string;
}

/** A payment the gateway reports as paid; `amountFen` is what the payer paid. */
export interface PaidTrade {
  orderNo: string;
  tradeNo: string;
  amountFen: number;
  paidAt: Date;
}

export type TradeState = { state: 'paid'; trade: PaidTrade } | { state: 'pending' } | { state: 'closed' };

export interface NotifyRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received: the signature is over these bytes. */
  rawBody: string;
}

export interface PaymentGateway {
  readonly channel: Channel;
  /** Places the order with the gateway; answers the address the payer pays at (QR content or page). */
  create(p: CreatePayment): Promise<{ payUrl: string }>;
  query(orderNo: string): Promise<TradeState>;
  /**
   * Verifies an asynchronous notification (throws GatewayError on a bad signature or malformed body) and answers
   * the paid trade it reports, or null for an event that is not a payment success.
   */
  verifyNotify(n: NotifyRequest): PaidTrade | null;
  /** What the gateway expects as the answer to a notification it may stop resending. */
  readonly notifyAck: { status: number; body: string; contentType: string };
}

export class GatewayError extends Error {}

/** Fen to the gateway's yuan text: 123456 → '1234.56'. */
export function fenToGatewayYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new GatewayError(`amount ${fen} fen`);
  return fenToYuanText(fen);
}

/** The gateway's yuan text to fen ('1234.5' → 123450); anything else throws. */
export function gatewayYuanToFen(text: string): number {
  const fen = /^\d+(\.\d{1,2})?$/.test(text.trim()) ? yuanToFen(text) : null;
  if (fen === null) throw new GatewayError(`amount "${text}"`);
  return fen;
}

/** A PEM given in an environment variable may be written with literal \n. */
export const pem = (text: string) => text.replace(/\\n/g, '\n');
