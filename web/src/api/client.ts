import { Messages, ResultCode, STANDARD_HTTP_STATUS, SUPPORT_FEATURES_HEADER } from '@crm/core';
import type { Call, CallAnswer, CallInput } from '@crm/core/contract';
import { account as accountCalls } from '@crm/core/contract/account';
import { getRefreshToken, getToken, sessionEpoch, setTokens } from '../app/session';
import { SERVICE_BASES, type ServiceBase } from './config';
import { ApiError } from './errors';

export { ApiError } from './errors';

export interface RequestOptions {
  /** Show no message on failure (the caller handles it). */
  silent?: boolean;
  /** Do not clear the session and go to /login on expiry (spec: skipAuthRedirect). */
  skipAuthRedirect?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface UploadOptions extends RequestOptions {
  onProgress?: (percent: number) => void;
}

/** What a failed answer means for the client (spec part 1 sections 4, 7 and 8). */
export type Outcome = 'ok' | 'expired' | 'forbidden' | 'failed' | 'network';

export function classify(status: number, body: { code?: unknown } | null | undefined): Outcome {
  const code = body && typeof body === 'object' ? Number(body.code) : Number.NaN;
  if (code === ResultCode.OK) return 'ok';
  if (code === ResultCode.LOGIN_EXPIRED || code === ResultCode.INVALID_TOKEN) return 'expired';
  if (status === 401 && code === ResultCode.LOGIN_EXPIRED) return 'expired';
  if (status === 403 || code === ResultCode.FORBIDDEN) return 'forbidden';
  if (Number.isNaN(code)) return 'network';
  return 'failed';
}

/** Shown for a failed answer that carries no message of its own. */
export const FAILED_MESSAGE = '操作失败，请稍后重试';

/** Hooks the app installs: how to show a message and what to do on expiry. Defaults only log. */
export const clientHooks = {
  showError: (msg: string): void => console.error(msg),
  onExpired: (msg: string): void => console.warn('expired', msg),
};

export function requestHeaders(extra?: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { [SUPPORT_FEATURES_HEADER]: STANDARD_HTTP_STATUS, ...extra };
  const token = getToken();
  if (token) headers.Authorization = token;
  return headers;
}

let refreshing: Promise<boolean> | null = null;

/** Trades the refresh token for a new access token once (shared by concurrent callers). */
export function refreshSession(): Promise<boolean> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return Promise.resolve(false);
  const epoch = sessionEpoch();
  // sent with fetch, not callApi: an expired answer here must not ask for another refresh
  refreshing ??= fetch(`${SERVICE_BASES[accountCalls.refreshToken.base]}${accountCalls.refreshToken.path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [SUPPORT_FEATURES_HEADER]: STANDARD_HTTP_STATUS },
    body: JSON.stringify({ refreshToken }),
  })
    .then(async (res) => {
      const body = await res.json().catch(() => null);
      if (body?.code !== ResultCode.OK || !body.data?.token) return false;
      // signed out (or in as someone else) meanwhile: the renewed token of the session that ended is not stored
      if (sessionEpoch() !== epoch) return false;
      setTokens(body.data.token, body.data.refreshToken);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

interface Raw {
  status: number;
  body: { code?: number; msg?: string; data?: unknown } | null;
}

async function send(url: string, init: RequestInit): Promise<Raw> {
  const res = await fetch(url, init);
  const body = await res.json().catch(() => null);
  return { status: res.status, body };
}

/** Applies the envelope rules to an answer: data on code 1, otherwise message + ApiError. */
function settle<T>(raw: Raw, opts: RequestOptions): T {
  const outcome = classify(raw.status, raw.body);
  if (outcome === 'ok') return raw.body!.data as T;
  const msg = raw.body?.msg || '';
  if (outcome === 'expired') {
    if (!opts.skipAuthRedirect) clientHooks.onExpired(msg || Messages.loginExpired);
    throw new ApiError(Number(raw.body?.code), msg || Messages.loginExpired, raw.body?.data ?? null, raw.status);
  }
  if (outcome === 'forbidden') {
    if (!opts.silent) clientHooks.showError(Messages.forbidden);
    throw new ApiError(ResultCode.FORBIDDEN, msg || Messages.forbidden, raw.body?.data ?? null, raw.status);
  }
  if (outcome === 'network') {
    if (!opts.silent) clientHooks.showError(Messages.networkError);
    throw new ApiError(0, Messages.networkError, null, raw.status);
  }
  // A failure without a message still tells the user something went wrong.
  if (!opts.silent) clientHooks.showError(msg || FAILED_MESSAGE);
  throw new ApiError(Number(raw.body?.code), msg, raw.body?.data ?? null, raw.status);
}

/**
 * An answer to a request sent in a session that has since ended or changed owner (sign-out, expiry, another sign-in):
 * it is dropped, as an abort, so that no code running for the next user gets it, shows its message or acts on its
 * expiry (a late "login expired" of the signed-out session would otherwise end the new one).
 */
export function staleSessionError(): DOMException {
  return new DOMException('会话已变更', 'AbortError');
}

async function call<T>(url: string, init: () => RequestInit, opts: RequestOptions): Promise<T> {
  const epoch = sessionEpoch();
  let raw: Raw;
  try {
    raw = await send(url, init());
    // An expired access token is renewed once with the refresh token before the session is given up.
    if (
      classify(raw.status, raw.body) === 'expired' &&
      raw.body?.code === ResultCode.LOGIN_EXPIRED &&
      getRefreshToken()
    ) {
      if (await refreshSession()) raw = await send(url, init());
    }
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    if (sessionEpoch() !== epoch) throw staleSessionError();
    if (!opts.silent) clientHooks.showError(Messages.networkError);
    throw new ApiError(0, Messages.networkError);
  }
  if (sessionEpoch() !== epoch) throw staleSessionError();
  return settle<T>(raw, opts);
}

function withQuery(url: string, query?: Record<string, unknown>): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
    else params.append(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

/** File name of a download from Content-Disposition (RFC 5987 filename* first). */
export function fileNameOf(disposition: string | null, fallback = 'download'): string {
  if (!disposition) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? decodeURIComponent(plain[1]) : fallback;
}

export interface ServiceClient {
  base: string;
  get<T = unknown>(path: string, query?: Record<string, unknown>, opts?: RequestOptions): Promise<T>;
  /** Sends a JSON body (POST unless `method` says PUT or DELETE). */
  post<T = unknown>(
    path: string,
    body?: unknown,
    opts?: RequestOptions & { method?: 'POST' | 'PUT' | 'DELETE' },
  ): Promise<T>;
  upload<T = unknown>(path: string, form: FormData, opts?: UploadOptions): Promise<T>;
  /** Posts (or GETs with `method: 'GET'`) and saves the file answer; an envelope answer is an error. */
  download(
    path: string,
    body?: unknown,
    opts?: RequestOptions & { method?: 'GET' | 'POST'; fileName?: string },
  ): Promise<void>;
}

export function createServiceClient(name: ServiceBase): ServiceClient {
  const base = () => SERVICE_BASES[name];
  return {
    get base() {
      return base();
    },
    get<T>(path: string, query?: Record<string, unknown>, opts: RequestOptions = {}) {
      return call<T>(
        withQuery(base() + path, query),
        () => ({ method: 'GET', headers: requestHeaders(opts.headers), signal: opts.signal }),
        opts,
      );
    },
    post<T>(path: string, body?: unknown, opts: RequestOptions & { method?: 'POST' | 'PUT' | 'DELETE' } = {}) {
      return call<T>(
        base() + path,
        () => ({
          method: opts.method ?? 'POST',
          headers: requestHeaders({ 'Content-Type': 'application/json', ...opts.headers }),
          body: JSON.stringify(body ?? {}),
          signal: opts.signal,
        }),
        opts,
      );
    },
    upload<T>(path: string, form: FormData, opts: UploadOptions = {}) {
      const epoch = sessionEpoch();
      return new Promise<Raw>((resolve, reject) => {
        // Stopped by the caller (暂停): an AbortError, like fetch's, that the caller tells apart from a failure.
        const paused = () => new DOMException('已暂停', 'AbortError');
        if (opts.signal?.aborted) return reject(paused());
        const xhr = new XMLHttpRequest();
        xhr.open('POST', base() + path);
        for (const [k, v] of Object.entries(requestHeaders(opts.headers))) xhr.setRequestHeader(k, v);
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
        };
        xhr.onload = () => {
          let body: Raw['body'] = null;
          try {
            body = JSON.parse(xhr.responseText);
          } catch {}
          resolve({ status: xhr.status, body });
        };
        xhr.onerror = () => reject(new ApiError(0, Messages.networkError));
        xhr.onabort = () => reject(paused());
        opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
        xhr.send(form);
      }).then(
        (raw) => {
          if (sessionEpoch() !== epoch) throw staleSessionError();
          return settle<T>(raw, opts);
        },
        (err) => {
          if (sessionEpoch() !== epoch) throw staleSessionError();
          if (!opts.silent && err?.name !== 'AbortError') clientHooks.showError(Messages.networkError);
          throw err;
        },
      );
    },
    async download(path, body, opts = {}) {
      const epoch = sessionEpoch();
      const method = opts.method ?? 'POST';
      const url = method === 'GET' ? withQuery(base() + path, body as Record<string, unknown>) : base() + path;
      let res: Response;
      try {
        res = await fetch(url, {
          method,
          headers: requestHeaders(
            method === 'POST' ? { 'Content-Type': 'application/json', ...opts.headers } : opts.headers,
          ),
          body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
          signal: opts.signal,
        });
      } catch {
        if (sessionEpoch() !== epoch) throw staleSessionError();
        if (!opts.silent) clientHooks.showError(Messages.networkError);
        throw new ApiError(0, Messages.networkError);
      }
      // the previous user's file is not saved on the next user's screen
      if (sessionEpoch() !== epoch) throw staleSessionError();
      const type = res.headers.get('content-type') ?? '';
      if (type.includes('application/json')) {
        const envelope = await res.json().catch(() => null);
        settle({ status: res.status, body: envelope }, opts);
        // A JSON answer with code 1 carries a file address (an export done elsewhere).
        const data = envelope?.data as { url?: string } | string | null;
        const href = typeof data === 'string' ? data : data?.url;
        if (href) saveUrl(href, opts.fileName ?? fileNameOf(null));
        return;
      }
      if (!res.ok) {
        if (!opts.silent) clientHooks.showError(Messages.networkError);
        throw new ApiError(0, Messages.networkError, null, res.status);
      }
      const blob = await res.blob();
      if (sessionEpoch() !== epoch) throw staleSessionError();
      const href = URL.createObjectURL(blob);
      saveUrl(href, opts.fileName ?? fileNameOf(res.headers.get('content-disposition')));
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    },
  };
}

function saveUrl(href: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

const clients: Record<ServiceBase, ServiceClient> = {
  backend: createServiceClient('backend'),
  robot: createServiceClient('robot'),
  analysis: createServiceClient('analysis'),
  wecom: createServiceClient('wecom'),
  wecom3: createServiceClient('wecom3'),
  openapi: createServiceClient('openapi'),
};

/**
 * Makes one call of the contract (`@crm/core/contract`): a GET sends its input as the query, any other method as the
 * JSON body; the answer is typed by the call's schema.
 */
export function callApi<C extends Call>(call: C, input?: CallInput<C>, opts?: RequestOptions): Promise<CallAnswer<C>> {
  const client = clients[call.base];
  return call.method === 'GET'
    ? client.get<CallAnswer<C>>(call.path, input as Record<string, unknown> | undefined, opts)
    : client.post<CallAnswer<C>>(pathWithQuery(call, input), input, { ...opts, method: call.method });
}

/** The path of a POST whose call also reads the query (an id "in query", as the spec has some): those fields added. */
function pathWithQuery(call: Call, input: unknown): string {
  const keys = Object.keys((call.query as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});
  if (!keys.length || !input || typeof input !== 'object') return call.path;
  const picked = Object.fromEntries(keys.map((k) => [k, (input as Record<string, unknown>)[k]]));
  return withQuery(call.path, picked);
}

/** Saves the file a download call of the contract answers (a GET sends its input as the query). */
export function downloadCall<C extends Call>(
  call: C,
  input?: CallInput<C>,
  opts?: RequestOptions & { fileName?: string },
): Promise<void> {
  return clients[call.base].download(call.path, input, { ...opts, method: call.method === 'GET' ? 'GET' : 'POST' });
}

export const api = { call: callApi, download: downloadCall, ...clients };
