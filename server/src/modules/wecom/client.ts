/**
 * The WeCom server API under the organisation's base (default https://qyapi.weixin.qq.com/cgi-bin/), through the
 * outbound-address policy (safeFetch). The access token of a corp and secret is cached in wecom_token, shared by
 * every process (and kept a few seconds in the client), fetched again on 42001/40014; the rate limit 45009 is waited
 * out with a doubling pause.
 */
import { WECOM_API_BASE } from '@crm/core/contract/wecom';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { joinUrl, readText, safeFetch } from '../../platform/outbound';
import { openSecret, sealSecret } from '../../platform/secrets';
import { sha256 } from './crypto';
import { RATE_LIMITED, TOKEN_EXPIRED, WeComError } from './errors';
import { wecomToken } from './schema';

/** Seconds before WeCom's expiry at which a cached token or ticket is no longer used. */
const MARGIN_S = 300;
/**
 * How long a client keeps the token it read in memory (ms): a sync's every request would otherwise read it from the
 * database. Short, so that a token another process replaced is picked up soon (a refused one is dropped at once).
 */
const MEMORY_MS = 10_000;
const RATE_RETRIES = 4;

export type Query = Record<string, string | number | undefined>;
export type WeComAnswer = { errcode?: number; errmsg?: string } & Record<string, any>;

export interface ClientOptions {
  corpId: string;
  secret: string;
  apiBaseUrl?: string;
  /** First pause after 45009, ms (doubled on each retry). */
  backoffMs?: number;
}

export class WeComClient {
  private readonly base: string;
  private readonly key: string;
  /** The values read or fetched lately, by kind (one lookup at a time: requests side by side share it). */
  private readonly memory = new Map<string, { value: Promise<string>; until: number }>();

  constructor(
    private readonly db: DbOrTx,
    private readonly opts: ClientOptions,
  ) {
    this.base = opts.apiBaseUrl || WECOM_API_BASE;
    this.key = sha256(`${this.base}\n${opts.secret}`);
  }

  get(path: string, query: Query = {}): Promise<WeComAnswer> {
    return this.call('GET', path, query);
  }

  post(path: string, body: unknown, query: Query = {}): Promise<WeComAnswer> {
    return this.call('POST', path, query, body);
  }

  /** The access token (cached in the database, shared by every process). */
  async accessToken(force = false): Promise<string> {
    return this.cached('token', force, async () => {
      const a = await this.fetchJson('GET', 'gettoken', { corpid: this.opts.corpId, corpsecret: this.opts.secret });
      return { value: String(a.access_token), expiresIn: Number(a.expires_in ?? 7200) };
    });
  }

  /** A JS-SDK ticket: 'jsapi' (wx.config, the corp's) or 'agent_config' (wx.agentConfig, the app's). */
  async ticket(kind: 'jsapi' | 'agent_config'): Promise<string> {
    return this.cached(kind, false, async () => {
      const a =
        kind === 'jsapi' ? await this.get('get_jsapi_ticket') : await this.get('ticket/get', { type: 'agent_config' });
      return { value: String(a.ticket), expiresIn: Number(a.expires_in ?? 7200) };
    });
  }

  private async call(method: string, path: string, query: Query, body?: unknown): Promise<WeComAnswer> {
    let refreshed = false;
    for (;;) {
      const token = await this.accessToken(false);
      try {
        return await this.fetchJson(method, path, { ...query, access_token: token }, body);
      } catch (e) {
        if (!(e instanceof WeComError)) throw e;
        if (TOKEN_EXPIRED.has(e.errcode) && !refreshed) {
          refreshed = true;
          await this.forget('token', token);
          continue;
        }
        throw e;
      }
    }
  }

  /** One request; 45009 is waited out here (gettoken included). */
  private async fetchJson(method: string, path: string, query: Query, body?: unknown): Promise<WeComAnswer> {
    const url = new URL(joinUrl(this.base, path));
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    for (let attempt = 0; ; attempt++) {
      const res = await safeFetch(url.href, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: 15_000,
      });
      const text = await readText(res);
      let answer: WeComAnswer;
      try {
        answer = JSON.parse(text);
      } catch {
        throw new WeComError(-2, `HTTP ${res.status}`);
      }
      const code = Number(answer.errcode ?? 0);
      if (code === 0) return answer;
      if (code === RATE_LIMITED && attempt < RATE_RETRIES) {
        await new Promise((r) => setTimeout(r, (this.opts.backoffMs ?? 1000) * 2 ** attempt));
        continue;
      }
      throw new WeComError(code, String(answer.errmsg ?? ''));
    }
  }

  private cached(
    kind: string,
    force: boolean,
    fetchNew: () => Promise<{ value: string; expiresIn: number }>,
  ): Promise<string> {
    const kept = this.memory.get(kind);
    if (!force && kept && kept.until > Date.now()) return kept.value;
    const value = this.lookUp(kind, force, fetchNew);
    this.memory.set(kind, { value, until: Date.now() + MEMORY_MS });
    value.catch(() => {
      if (this.memory.get(kind)?.value === value) this.memory.delete(kind);
    });
    return value;
  }

  /** The value cached in the database, else a new one fetched from WeCom and stored there. */
  private async lookUp(
    kind: string,
    force: boolean,
    fetchNew: () => Promise<{ value: string; expiresIn: number }>,
  ): Promise<string> {
    const where = and(
      eq(wecomToken.corpId, this.opts.corpId),
      eq(wecomToken.secretKey, this.key),
      eq(wecomToken.kind, kind),
    );
    if (!force) {
      const [row] = await this.db
        .select({ value: wecomToken.value })
        .from(wecomToken)
        .where(and(where, gt(wecomToken.expiresAt, sql`now() + ${`${MARGIN_S} seconds`}::interval`)))
        .limit(1);
      const open = row ? safeOpen(row.value) : '';
      if (open) return open;
    }
    const got = await fetchNew();
    const expiresAt = new Date(Date.now() + got.expiresIn * 1000);
    await this.db
      .insert(wecomToken)
      .values({ corpId: this.opts.corpId, secretKey: this.key, kind, value: sealSecret(got.value), expiresAt })
      .onConflictDoUpdate({
        target: [wecomToken.corpId, wecomToken.secretKey, wecomToken.kind],
        set: { value: sealSecret(got.value), expiresAt },
      });
    return got.value;
  }

  /** Drops a cached value that WeCom refused (unless another process already replaced it). */
  private async forget(kind: string, value: string): Promise<void> {
    this.memory.delete(kind);
    const rows = await this.db
      .select({ value: wecomToken.value })
      .from(wecomToken)
      .where(
        and(eq(wecomToken.corpId, this.opts.corpId), eq(wecomToken.secretKey, this.key), eq(wecomToken.kind, kind)),
      );
    if (rows[0] && safeOpen(rows[0].value) === value)
      await this.db
        .update(wecomToken)
        .set({ expiresAt: new Date(0) })
        .where(
          and(eq(wecomToken.corpId, this.opts.corpId), eq(wecomToken.secretKey, this.key), eq(wecomToken.kind, kind)),
        );
  }
}

function safeOpen(v: string): string {
  try {
    return openSecret(v) ?? '';
  } catch {
    return '';
  }
}
