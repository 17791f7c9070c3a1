import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { CallEndReasonKey } from '@crm/core/contract/telephony';
import { joinUrl, operatorFetch, readText, safeFetch } from '../../../platform/outbound';
import { type CallEventInput, type CallProvider, type DialRequest, reasonOfCause } from './types';

export interface CloudSettings {
  apiBaseUrl: string;
  appId: string;
  appSecret: string;
  /** Our public address of /pscccall/callback and /pscccall/recordCallback. */
  webhookUrl: string;
  /** Set by the environment (CLOUD_CALL_API_URL): the operator's choice, outside the outbound-address policy. */
  trusted?: boolean;
}

/** How long a signed request stays valid (its timestamp), and how long its nonce is remembered. */
export const SIGNATURE_WINDOW_SECONDS = 300;

/**
 * The signature of a request either way (our API calls and the provider's webhooks), as Chinese cloud call
 * centres sign: hex HMAC-SHA256 of `timestamp\nnonce\nbody` with the account's secret, in X-Signature beside
 * X-Timestamp (seconds) and X-Nonce.
 */
export function sign(secret: string, timestamp: string, nonce: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${nonce}\n${body}`).digest('hex');
}

export function signedHeaders(appId: string, secret: string, body: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomUUID();
  return {
    'content-type': 'application/json',
    'x-app-id': appId,
    'x-timestamp': timestamp,
    'x-nonce': nonce,
    'x-signature': sign(secret, timestamp, nonce, body),
  };
}

/** Checks a webhook's signature and freshness; the reason when it fails. */
export function verifySignature(
  secret: string,
  headers: Record<string, unknown>,
  body: string,
  now = Date.now(),
): string | null {
  const ts = String(headers['x-timestamp'] ?? '');
  const nonce = String(headers['x-nonce'] ?? '');
  const given = String(headers['x-signature'] ?? '');
  if (!ts || !nonce || !given) return '缺少签名';
  if (!/^\d+$/.test(ts) || Math.abs(now / 1000 - Number(ts)) > SIGNATURE_WINDOW_SECONDS) return '签名已过期';
  const expected = Buffer.from(sign(secret, ts, nonce, body), 'hex');
  const actual = Buffer.from(given, 'hex');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return '签名错误';
  return null;
}

const textOf = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** A time the provider sends: epoch milliseconds, epoch seconds or `YYYY-MM-DD HH:mm:ss` (Beijing time). */
function timeOf(v: unknown): Date {
  let at: Date | null = null;
  if (typeof v === 'number' || /^\d+$/.test(textOf(v))) {
    const n = Number(v);
    at = new Date(n < 1e12 ? n * 1000 : n);
  } else {
    const m = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)$/.exec(textOf(v));
    if (m) at = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+08:00`);
  }
  if (!at) return new Date();
  // 1e400 (Infinity), 99999999999999999 or 2024-13-45: refused, not written
  const year = at.getUTCFullYear();
  if (Number.isNaN(at.getTime()) || year < 1970 || year > 9999) throw invalid('time：不是有效的时间');
  return at;
}

/**
 * A webhook value that does not fit (1e400, NaN, a negative or huge number, text longer than its column): a
 * validation error before anything is read or written, instead of a database error.
 */
export class WebhookInputError extends Error {}
const invalid = (msg: string) => new WebhookInputError(`回调内容不正确：${msg}`);

/** The longest talk a hang-up may report: a day. */
const MAX_TALK_SECONDS = 86_400;

/** billsec: whole seconds of talk from 0 to a day, a JSON number or numeric text; absent or empty is 0. */
function talkSecondsOf(v: unknown): number {
  if (v === undefined || v === null || v === '') return 0;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isFinite(n) || n < 0 || n > MAX_TALK_SECONDS)
    throw invalid(`billsec：通话秒数须为 0 到 ${MAX_TALK_SECONDS} 之间的数字`);
  return Math.round(n);
}

/** Text of a field that fits its column (event id 120, provider call id 100, recording address 500). */
function boundedText(body: Record<string, unknown>, key: string, max: number): string {
  const text = textOf(body[key]);
  if (text.length > max) throw invalid(`${key}：最多 ${max} 个字符`);
  return text;
}

/** The bounded fields of both webhooks, checked before the event is read. */
function checkTexts(body: Record<string, unknown>): void {
  boundedText(body, 'userData', 64);
  boundedText(body, 'eventId', 120);
  boundedText(body, 'callId', 100);
  boundedText(body, 'recordUrl', 500);
}

const CLOUD_REASONS: Record<string, CallEndReasonKey> = {
  busy: 'busy',
  no_answer: 'no_answer',
  noanswer: 'no_answer',
  rejected: 'rejected',
  unreachable: 'unreachable',
  agent_no_answer: 'seat_no_answer',
  failed: 'failed',
  cancel: 'cancelled',
};

/** A call-event webhook as a call event: { userData, callId, eventId, event, time, billsec, hangupCause }. */
export function cloudEvent(body: Record<string, unknown>): CallEventInput | null {
  const callId = textOf(body.userData);
  const event = textOf(body.event);
  const type =
    event === 'ringing'
      ? 'ringing'
      : event === 'answered'
        ? 'answered'
        : event === 'hangup'
          ? 'ended'
          : event === 'agent_answered'
            ? 'dialing'
            : null;
  if (!callId || !type) return null;
  checkTexts(body);
  const billsec = talkSecondsOf(body.billsec);
  const cause = textOf(body.hangupCause).toLowerCase();
  return {
    callId,
    eventKey: textOf(body.eventId) || `${event}`,
    type,
    at: timeOf(body.time),
    providerCallId: textOf(body.callId) || null,
    billableSeconds: type === 'ended' ? billsec : undefined,
    reason: type === 'ended' ? (billsec > 0 ? 'answered' : (CLOUD_REASONS[cause] ?? reasonOfCause(cause, 0))) : null,
    recordingUrl: textOf(body.recordUrl) || null,
    payload: { event, hangupCause: cause || undefined, providerCallId: textOf(body.callId) || undefined },
  };
}

/** A recording-ready webhook: { userData, callId, eventId, recordUrl }. */
export function cloudRecording(body: Record<string, unknown>): CallEventInput | null {
  const callId = textOf(body.userData);
  const url = textOf(body.recordUrl);
  if (!callId || !/^https?:\/\//.test(url)) return null;
  checkTexts(body);
  return {
    callId,
    eventKey: textOf(body.eventId) || 'record',
    type: 'recording',
    at: timeOf(body.time),
    recordingUrl: url,
    payload: { recordUrl: url },
  };
}

/**
 * A cloud call centre over HTTP: the call is placed by its API (the seat's phone or softphone rings first, then
 * the customer), events and the recording link come back by signed webhook.
 */
export class CloudProvider implements CallProvider {
  readonly kind = 'cloud' as const;
  constructor(private readonly s: CloudSettings) {}

  private async post(path: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
    const body = JSON.stringify({ appId: this.s.appId, ...payload });
    const send = this.s.trusted ? operatorFetch : safeFetch;
    let res: Response;
    let text: string;
    try {
      res = await send(joinUrl(this.s.apiBaseUrl, path), {
        method: 'POST',
        headers: signedHeaders(this.s.appId, this.s.appSecret, body),
        body,
        timeoutMs: 8000,
      });
      text = await readText(res, 256 * 1024);
    } catch (e) {
      throw new Error(`无法连接云呼叫中心：${(e as Error).message}`);
    }
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {}
    // the status and a fixed text only: the far side's message is never repeated (it could be an internal service's)
    if (!res.ok) throw new Error(`云呼叫中心拒绝了请求（HTTP ${res.status}）`);
    if (json.code !== 0 && json.code !== '0') throw new Error('云呼叫中心拒绝了请求（应答不是成功）');
    return (json.data as Record<string, unknown>) ?? {};
  }

  async originate(req: DialRequest): Promise<{ providerCallId: string | null }> {
    const data = await this.post('/v1/call/dialout', {
      agent: req.seatNo,
      callee: req.phone,
      caller: req.displayNumber ?? '',
      line: req.gateway,
      userData: req.callId,
      record: 'stereo',
      callbackUrl: `${this.s.webhookUrl}/callback`,
      recordCallbackUrl: `${this.s.webhookUrl}/recordCallback`,
    });
    return { providerCallId: textOf(data.callId) || null };
  }

  async hangup(callId: string, providerCallId: string | null): Promise<void> {
    await this.post('/v1/call/hangup', { callId: providerCallId ?? '', userData: callId });
  }

  recordingUrl(): string | null {
    return null;
  }

  async close(): Promise<void> {}
}
