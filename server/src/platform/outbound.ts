import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, FormData as UndiciFormData, fetch as undiciFetch } from 'undici';

/**
 * Outbound HTTP: the one address policy for every URL an organisation or a user can set (LLM base URL, telephony API
 * base, recording links in callbacks, and every provider added later: WeCom, ad platforms, company search, webhooks).
 *
 *   safeFetch(url, init)      an address an organisation or user set: the policy below, checked at connect time
 *   operatorFetch(url, init)  an address the operator set in the environment (ASR_*, SMS_*, GEETEST_API, DINGTALK_API,
 *                             payment gateways, S3, CLOUD_CALL_API_URL, FS_RECORDING_BASE_URL): trusted, no policy
 *   joinUrl(base, path)       base URL + fixed path; refuses `?`, `#`, user:password@ and keeps the path appended
 *   checkUrl(url)             for saving a form: a Chinese message when the URL can never be used, else null
 *   resolveAllowed(host, port) for a raw TCP client (FreeSWITCH ESL): the checked address to connect to
 *
 * The policy: http(s) only, no credentials in the URL; the host's resolved addresses must be public unicast
 * (ipaddr.js `range() === 'unicast'`): loopback, private, link-local (169.254.169.254), CGNAT (100.64/10, Aliyun's
 * 100.100.100.200), multicast, unspecified (0.0.0.0), reserved, unique-local (fd00::), IPv4-mapped and
 * IPv4-embedding IPv6 are refused in every notation (the WHATWG URL parser folds 2130706433, 127.1, 0x7f.1 to
 * 127.0.0.1). The check runs in the undici connector, on the address actually connected to (no DNS rebinding
 * between check and connect), so every redirect hop is checked too. `OUTBOUND_ALLOW` (comma-separated `address`,
 * `address:port`, `[v6]:port`, `cidr` or `hostname[:port]`) lets an installation reach on-premises servers.
 * Errors are `OutboundError`s with a fixed Chinese message: nothing of the far side's body and no way to tell a
 * closed port from a filtered one. Callers report `status` and their own fixed text, never the body.
 */

export type OutboundErrorKind = 'invalid' | 'blocked' | 'network' | 'http';

export const OUTBOUND_MESSAGES = {
  invalid: '地址格式不正确：须为 http:// 或 https:// 开头的完整地址，且不能包含用户名密码、“?” 或 “#”',
  blocked: '不允许访问该地址：本机、内网、保留或云服务元数据地址不能作为外部服务地址',
  network: '无法连接对方服务（连接失败或超时）',
} as const;

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundErrorKind,
    message: string = OUTBOUND_MESSAGES[kind as Exclude<OutboundErrorKind, 'http'>] ?? '请求失败',
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

// ---------- the address policy ----------

interface AllowEntry {
  /** an address (compared after IPv4-mapped folding), a CIDR range, or a host name */
  match: (ip: string | null, host: string) => boolean;
  port?: number;
}

let allowCache: { text: string; entries: AllowEntry[] } | null = null;

/** OUTBOUND_ALLOW parsed (re-read when the variable changes, as tests do). */
export function allowList(text = process.env.OUTBOUND_ALLOW ?? ''): AllowEntry[] {
  if (allowCache?.text === text) return allowCache.entries;
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
    .map(parseAllowEntry);
  allowCache = { text, entries };
  return entries;
}

function parseAllowEntry(entry: string): AllowEntry {
  let host = entry;
  let port: number | undefined;
  const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (v6) {
    host = v6[1];
    port = v6[2] ? Number(v6[2]) : undefined;
  } else if (!entry.includes('/') && (entry.match(/:/g)?.length ?? 0) === 1) {
    const [h, p] = entry.split(':');
    host = h;
    port = Number(p);
  }
  if (host.includes('/')) {
    const range = ipaddr.parseCIDR(host);
    return { match: (ip) => !!ip && sameKind(ipaddr.process(ip), range[0]) && ipaddr.process(ip).match(range), port };
  }
  if (ipaddr.isValid(host)) {
    const want = ipaddr.process(host).toString();
    return { match: (ip) => !!ip && ipaddr.process(ip).toString() === want, port };
  }
  const name = host.toLowerCase();
  return { match: (_ip, h) => h.toLowerCase() === name, port };
}

function sameKind(a: ipaddr.IPv4 | ipaddr.IPv6, b: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  return a.kind() === b.kind();
}

/** Allowed by OUTBOUND_ALLOW: the address (or the host name as written) and, where the entry names one, the port. */
export function isAllowListed(ip: string | null, port: number, host = ''): boolean {
  return allowList().some((e) => (e.port === undefined || e.port === port) && e.match(ip, unbracket(host)));
}

/**
 * The range an address falls in, by ipaddr.js: `unicast` is a public address; anything else (loopback, private,
 * linkLocal, carrierGradeNat, multicast, unspecified, uniqueLocal, reserved, 6to4, teredo, ...) is refused.
 * IPv4-mapped IPv6 (::ffff:127.0.0.1) is classified as the IPv4 address it carries. `invalid` for a non-address.
 */
export function addressRange(ip: string): string {
  const text = unbracket(ip);
  if (!ipaddr.isValid(text)) return 'invalid';
  return ipaddr.process(text).range();
}

/** A public unicast address (the policy, before OUTBOUND_ALLOW). */
export const isPublicAddress = (ip: string): boolean => addressRange(ip) === 'unicast';

/** Whether the policy lets a connection to `ip`:`port` (reached for the host name `host`) go ahead. */
export function addressAllowed(ip: string, port: number, host = ''): boolean {
  return isPublicAddress(ip) || isAllowListed(unbracket(ip), port, host);
}

const unbracket = (h: string) => (h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h);

/**
 * The address to connect to for `host`:`port`: an address literal is checked as is, a name is resolved and every
 * address it resolves to must pass (one bad answer refuses: no rebinding games across answers).
 */
export async function resolveAllowed(host: string, port: number): Promise<string> {
  const name = unbracket(host);
  if (isIP(name)) {
    if (!addressAllowed(name, port, name)) throw new OutboundError('blocked');
    return name;
  }
  let addresses: { address: string }[];
  try {
    addresses = await lookup(name, { all: true, verbatim: true });
  } catch {
    throw new OutboundError('network');
  }
  if (!addresses.length) throw new OutboundError('network');
  for (const a of addresses) if (!addressAllowed(a.address, port, name)) throw new OutboundError('blocked');
  return addresses[0].address;
}

// ---------- URLs ----------

/** Parses a URL the policy accepts: the protocol given, no credentials, no query or fragment (when `bare`). */
function parseUrl(url: string, protocols: readonly string[], bare: boolean): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new OutboundError('invalid');
  }
  if (!protocols.includes(u.protocol) || !u.hostname || u.username || u.password) throw new OutboundError('invalid');
  if (bare && (u.search || u.hash || url.includes('#') || url.includes('?'))) throw new OutboundError('invalid');
  return u;
}

/**
 * For a form that saves an address an organisation or user sets: a Chinese reason why it can never be used, or
 * null. An address literal is checked against the policy now; a host name is resolved at connect time.
 */
export function checkUrl(url: string, protocols: readonly string[] = ['http:', 'https:']): string | null {
  try {
    const u = parseUrl(url, protocols, true);
    const port = Number(u.port) || defaultPort(u.protocol);
    if (isIP(unbracket(u.hostname)) && !addressAllowed(u.hostname, port, u.hostname)) return OUTBOUND_MESSAGES.blocked;
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

const defaultPort = (protocol: string) => (protocol === 'https:' || protocol === 'wss:' ? 443 : 80);

/**
 * A configured base URL (with or without a trailing slash) and a fixed path of ours: the path is always appended,
 * whatever the base holds (`#`, `?`, `..`, `user@` are refused rather than allowed to drop or change it).
 */
export function joinUrl(base: string, path: string): string {
  const u = parseUrl(base, ['http:', 'https:', 'ws:', 'wss:'], true);
  const rest = path.replace(/^\/+/, '');
  if (rest.split(/[/?#]/)[0] === '..' || /(^|\/)\.\.(\/|$)/.test(rest.split(/[?#]/)[0]))
    throw new OutboundError('invalid');
  const joined = new URL(`${u.origin}${u.pathname.replace(/\/+$/, '')}/${rest}`);
  if (joined.origin !== u.origin) throw new OutboundError('invalid');
  return joined.href;
}

/** The host of a URL, for messages. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

// ---------- the client ----------

const baseConnector = buildConnector({ timeout: 10_000 });

/** undici connector: resolves, checks and connects to the checked address (TLS still verifies the host name). */
const policyConnector: buildConnector.connector = (opts, callback) => {
  const port = Number(opts.port) || defaultPort(opts.protocol);
  resolveAllowed(opts.hostname, port).then(
    (ip) => baseConnector({ ...opts, hostname: ip }, callback),
    (err: Error) => callback(err, null),
  );
};

/** The dispatcher of safeFetch: every new connection (first request and each redirect) passes the policy. */
export const policyDispatcher = new Agent({ connect: policyConnector });

export interface OutboundInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | FormData | URLSearchParams | Blob | null;
  /** the whole request including the answer's headers (default 30 s) */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** redirects followed for GET and HEAD (default 3; each hop is checked again); other methods never follow */
  maxRedirects?: number;
}

/** An address an organisation or user set: the policy applies (see the top of this file). */
export function safeFetch(url: string, init: OutboundInit = {}): Promise<Response> {
  return request(url, init, true);
}

/** An address the operator set in the environment: trusted (no address policy); same timeouts and errors. */
export function operatorFetch(url: string, init: OutboundInit = {}): Promise<Response> {
  return request(url, init, false);
}

const SENSITIVE_HEADERS = ['authorization', 'cookie', 'proxy-authorization', 'x-api-key'];

async function request(url: string, init: OutboundInit, policy: boolean): Promise<Response> {
  const timeout = AbortSignal.timeout(init.timeoutMs ?? 30_000);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  const method = (init.method ?? 'GET').toUpperCase();
  const follow = method === 'GET' || method === 'HEAD';
  let headers = { ...(init.headers ?? {}) };
  let current = parseUrl(url, ['http:', 'https:'], false);
  for (let hop = 0; ; hop++) {
    let res: Response;
    try {
      res = (await undiciFetch(current.href, {
        method,
        headers,
        body: bodyOf(init.body) as never,
        redirect: 'manual',
        signal,
        ...(policy ? { dispatcher: policyDispatcher } : {}),
      })) as unknown as Response;
    } catch (e) {
      throw outboundCause(e) ?? new OutboundError('network');
    }
    const location = res.headers.get('location');
    if (!follow || res.status < 300 || res.status > 399 || !location) return res;
    await res.body?.cancel().catch(() => {});
    if (hop >= (init.maxRedirects ?? 3))
      throw new OutboundError('http', `重定向次数过多（HTTP ${res.status}）`, res.status);
    const next = (() => {
      try {
        return new URL(location, current);
      } catch {
        throw new OutboundError('invalid');
      }
    })();
    parseUrl(next.href, ['http:', 'https:'], false);
    if (next.origin !== current.origin)
      headers = Object.fromEntries(
        Object.entries(headers).filter(([k]) => !SENSITIVE_HEADERS.includes(k.toLowerCase())),
      );
    current = next;
  }
}

/** Node's global FormData is not the installed undici's: its entries are copied (files stay Blobs). */
function bodyOf(body: OutboundInit['body']): unknown {
  if (!(body instanceof FormData)) return body;
  const form = new UndiciFormData();
  for (const [name, value] of body.entries())
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, (value as File).name);
  return form;
}

/** The OutboundError in a fetch failure's cause chain (the connector's refusal), if any. */
function outboundCause(e: unknown): OutboundError | null {
  for (let c = e as { cause?: unknown } | undefined, i = 0; c && i < 5; c = c.cause as typeof c, i++)
    if (c instanceof OutboundError) return c;
  return null;
}

/** The answer's body as text, at most `maxBytes` (default 4 MB): a far side cannot fill the memory. */
export async function readText(res: Response, maxBytes = 4 * 1024 * 1024): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw new OutboundError('http', '对方服务返回的内容过大', res.status);
      }
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof OutboundError) throw e;
    throw new OutboundError('network');
  }
  return Buffer.concat(chunks).toString('utf8');
}
