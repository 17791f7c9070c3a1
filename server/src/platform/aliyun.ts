import { createHmac, randomUUID } from 'node:crypto';
import { operatorFetch, readText } from './outbound';

/**
 * Aliyun RPC-style APIs (STS, SMS and the other `*.aliyuncs.com` POP services): signature version 1.0
 * (HMAC-SHA1 over the sorted, percent-encoded parameters) and a small client for them.
 */

/** RFC 3986 encoding as Aliyun's RPC signature (v1) wants it. */
export function aliyunEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Signs Aliyun RPC parameters (SignatureVersion 1.0, HMAC-SHA1) for the given HTTP method. */
export function aliyunSignature(method: string, params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k])}`)
    .join('&');
  const stringToSign = `${method}&${aliyunEncode('/')}&${aliyunEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

export interface AliyunRpcRequest {
  /** Base URL, e.g. https://sts.aliyuncs.com */
  endpoint: string;
  action: string;
  /** API version, e.g. 2015-04-01 for STS. */
  version: string;
  accessKeyId: string;
  accessKeySecret: string;
  params?: Record<string, string>;
  /** POST sends the signed parameters as a form body (default); GET as the query. */
  method?: 'GET' | 'POST';
  timeoutMs?: number;
}

/** A refusal of the Aliyun API (its Code and Message) or an unreachable endpoint, in Chinese. */
export class AliyunRpcError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The common parameters plus the action's, with their Signature. */
export function signedRpcParams(
  req: AliyunRpcRequest,
  now: Date = new Date(),
  nonce: string = randomUUID(),
): Record<string, string> {
  const params: Record<string, string> = {
    AccessKeyId: req.accessKeyId,
    Action: req.action,
    Format: 'JSON',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: nonce,
    SignatureVersion: '1.0',
    Timestamp: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: req.version,
    ...req.params,
  };
  return { ...params, Signature: aliyunSignature(req.method ?? 'POST', params, req.accessKeySecret) };
}

/** Calls an Aliyun RPC API and returns its JSON answer; an HTTP error status throws AliyunRpcError. */
export async function aliyunRpc<T = Record<string, unknown>>(req: AliyunRpcRequest): Promise<T> {
  const method = req.method ?? 'POST';
  const form = Object.entries(signedRpcParams(req))
    .map(([k, v]) => `${aliyunEncode(k)}=${aliyunEncode(v)}`)
    .join('&');
  const base = req.endpoint.replace(/\/+$/, '');
  const host = hostOf(base);
  let res: Response;
  let text: string;
  const timeoutMs = req.timeoutMs ?? 8000;
  const started = performance.now();
  try {
    // the endpoints are the operator's (SMS_ENDPOINT, TRACKING_*): trusted, outside the outbound-address policy
    res = await operatorFetch(method === 'GET' ? `${base}/?${form}` : `${base}/`, {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : undefined,
      body: method === 'POST' ? form : undefined,
      timeoutMs,
    });
    text = await readText(res, 1024 * 1024);
  } catch {
    if (performance.now() - started >= timeoutMs - 20) throw new AliyunRpcError(`请求 ${host} 超时`);
    throw new AliyunRpcError(`无法连接 ${host}`);
  }
  let body: (T & { Code?: string; Message?: string }) | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AliyunRpcError(`${host} 返回了无法解析的内容（HTTP ${res.status}）`, undefined, res.status);
  }
  if (!res.ok)
    throw new AliyunRpcError(
      `${body?.Message ?? '未知错误'}（${body?.Code ?? `HTTP ${res.status}`}）`,
      body?.Code,
      res.status,
    );
  return body as T;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
