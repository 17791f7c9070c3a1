import { Md5, TRACKING_APP, TRACKING_TOPIC, type TrackingCredentials, type TrackingEvent } from '@crm/core';
import { hmacSha1, toBase64 } from './sha1';

/**
 * The Aliyun log service (SLS) calls of the tracking client: request signature version 1 ("LOG keyId:signature",
 * HMAC-SHA1 over the verb, Content-MD5, Content-Type, date, the x-log-/x-acs- headers and the resource) with an
 * STS security token, and PutWebtracking (POST /logstores/{logstore}/track) carrying a batch of events.
 */

export interface SlsSignInput {
  method: string;
  /** The resource path, e.g. /logstores/web/track */
  path: string;
  query?: Record<string, string>;
  /** Request headers, names in lower case; content-type is signed when present. */
  headers: Record<string, string>;
  body?: Uint8Array;
  accessKeyId: string;
  accessKeySecret: string;
  securityToken?: string;
  /** RFC 1123 GMT date, e.g. Thu, 01 Jan 1970 00:00:00 GMT */
  date: string;
}

const encoder = new TextEncoder();

/**
 * Adds the signature headers to `headers` (x-log-apiversion, x-log-signaturemethod, x-acs-security-token,
 * content-md5, date, authorization) and returns the authorization value. `x-log-date` is not signed: the service
 * reads it in place of Date (which browsers may not set) and leaves it out of the signature.
 */
export function signSls(input: SlsSignInput): string {
  const h = input.headers;
  h['x-log-apiversion'] ??= '0.6.0';
  h['x-log-signaturemethod'] = 'hmac-sha1';
  if (input.securityToken) h['x-acs-security-token'] = input.securityToken;
  const md5 = input.body?.length ? new Md5().update(input.body).hex().toUpperCase() : '';
  if (md5) h['content-md5'] = md5;
  h.date = input.date;
  const signedHeaders = Object.keys(h)
    .filter((k) => (k.startsWith('x-log-') || k.startsWith('x-acs-')) && k !== 'x-log-date')
    .sort()
    .map((k) => `${k}:${h[k].trim()}\n`)
    .join('');
  const query = Object.keys(input.query ?? {})
    .sort()
    .map((k) => `${k}=${input.query![k]}`)
    .join('&');
  const resource = query ? `${input.path}?${query}` : input.path;
  const message = `${input.method}\n${md5}\n${h['content-type'] ?? ''}\n${input.date}\n${signedHeaders}${resource}`;
  const signature = toBase64(hmacSha1(encoder.encode(input.accessKeySecret), encoder.encode(message)));
  h.authorization = `LOG ${input.accessKeyId}:${signature}`;
  return h.authorization;
}

/** A log of the log service: every value a string. */
export function toLog(event: TrackingEvent): Record<string, string> {
  const log: Record<string, string> = {};
  for (const [k, v] of Object.entries(event)) {
    if (v === undefined || v === null) log[k] = '';
    else
      log[k] =
        typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
  }
  return log;
}

/** The failure of a log-service call; `code` is its errorCode (Unauthorized, SecurityTokenExpired …). */
export class SlsError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface TrackRequest {
  url: string;
  init: { method: 'POST'; headers: Record<string, string>; body: Uint8Array };
}

/** The signed PutWebtracking request for a batch of events. */
export function trackRequest(
  events: TrackingEvent[],
  creds: TrackingCredentials,
  opts: { source: string; date?: Date },
): TrackRequest {
  const body = encoder.encode(
    JSON.stringify({
      __topic__: TRACKING_TOPIC,
      __source__: opts.source,
      __logs__: events.map(toLog),
      __tags__: { app: TRACKING_APP },
    }),
  );
  const path = `/logstores/${encodeURIComponent(creds.logStore)}/track`;
  const date = (opts.date ?? new Date()).toUTCString();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-log-apiversion': '0.6.0',
    'x-log-bodyrawsize': String(body.length),
  };
  signSls({
    method: 'POST',
    path,
    headers,
    body,
    accessKeyId: creds.accessKeyId,
    accessKeySecret: creds.accessKeySecret,
    securityToken: creds.securityToken,
    date,
  });
  // Browsers refuse to set Date: the service takes x-log-date instead.
  delete headers.date;
  headers['x-log-date'] = date;
  const host = creds.endpoint.replace(/^https?:\/\//, '').replace(/\/+$/, '');
  const scheme = /^http:\/\//.test(creds.endpoint) ? 'http' : 'https';
  return { url: `${scheme}://${creds.project}.${host}${path}`, init: { method: 'POST', headers, body } };
}

/** Sends a batch; a refusal throws SlsError with the service's errorCode (the state machine re-inits on auth codes). */
export async function putWebTracking(
  events: TrackingEvent[],
  creds: TrackingCredentials,
  opts: { source: string; fetch?: typeof fetch; date?: Date },
): Promise<void> {
  const { url, init } = trackRequest(events, creds, opts);
  const res = await (opts.fetch ?? fetch)(url, { ...init, body: init.body as BodyInit });
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  let body: { errorCode?: string; errorMessage?: string } = {};
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the status
  }
  throw new SlsError(
    body.errorMessage || `日志服务返回 HTTP ${res.status}`,
    body.errorCode || `HTTP${res.status}`,
    res.status,
  );
}
