import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { Messages, ResultCode } from '@crm/core';
import {
  OPEN_API_HEADERS,
  OPEN_API_WINDOW_MS,
  type OpenApiScope,
  openApiStringToSign,
} from '@crm/core/contract/openApi';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { AppError, forbidden, tooLarge, tooManyRequests } from '../../platform/errors';
import type { Session } from '../../platform/session';
import type { KeyRow, OpenApiKeys } from './keys';

/**
 * The guard of every call under /api/openapi: the request is signed with the key's secret (HMAC-SHA256 over
 * `openApiStringToSign`), within 5 minutes of its timestamp, its nonce used once (the database decides, so several
 * processes agree), compared in constant time; or it carries a bearer token from /auth/token. Then the key's rate
 * limit and the call's scope. The caller acts as the key's creator, with the whole organisation in view.
 */

export const TOKEN_PURPOSE = 'openapi';
const unauthorized = (msg: string) => new AppError(ResultCode.UNAUTHORIZED, msg, 401);

export interface OpenCaller {
  key: KeyRow;
  session: Session;
}

declare module 'fastify' {
  interface FastifyRequest {
    openApi?: OpenCaller;
    bodySha256?: string;
  }
}

export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
export const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  // lengths differ only for a malformed signature; the comparison itself takes the same time for every value
  return x.length === y.length && timingSafeEqual(x, y);
}

/** What the key may do acts as a session of its creator over the whole organisation (no function signs). */
export function sessionOfKey(key: KeyRow): Session {
  return {
    sessionId: `openapi:${key.id}`,
    userId: key.createdBy,
    orgId: key.organizationId,
    username: `openapi:${key.appKey}`,
    deptId: null,
    roleId: null,
    roleSign: 'openapi',
    dataScope: 3,
    signs: new Set(),
    isSuperAdmin: false,
    visibleUserIds: null,
  };
}

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v.trim() : '';
};

export class OpenApiGuard {
  /** The scope each route needs, by its URL. */
  private readonly scopes = new Map<string, OpenApiScope | null>();

  constructor(
    private readonly ctx: AppContext,
    private readonly keys: OpenApiKeys,
  ) {}

  need(url: string, scope: OpenApiScope | null): void {
    this.scopes.set(url, scope);
  }

  /** Installs the hooks on the encapsulated context that holds the open calls. */
  install(app: FastifyInstance): void {
    // the SHA-256 of the raw body is taken as it arrives (up to the route's body limit); the parser then reads the
    // same bytes. The multipart reader reads the request itself (req.raw): it is given the same bytes again.
    app.addHook('preParsing', async (req, _reply, payload) => {
      const limit = req.routeOptions.bodyLimit ?? this.ctx.config.http.bodyLimitBytes;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const c of payload) {
        const chunk = typeof c === 'string' ? Buffer.from(c) : (c as Buffer);
        size += chunk.length;
        if (size > limit) throw tooLarge('上传内容过大');
        chunks.push(chunk);
      }
      const body = Buffer.concat(chunks);
      req.bodySha256 = sha256Hex(body);
      if (/^multipart\//i.test(req.headers['content-type'] ?? '')) {
        const { headers, socket, url, method, httpVersion } = req.raw;
        const replay = Object.assign(Readable.from([body]), { headers, socket, url, method, httpVersion });
        Object.defineProperty(req, 'raw', { value: replay, configurable: true });
      }
      return Readable.from([body]);
    });
    app.addHook('preValidation', async (req) => {
      req.openApi = await this.check(req);
    });
  }

  private async check(req: FastifyRequest): Promise<OpenCaller> {
    const key = await this.caller(req);
    const scope = this.scopes.get(req.routeOptions.url ?? '');
    const limit = this.ctx.config.openApi.requestsPerMinute;
    if ((await this.ctx.limiter.hit(`openapi:${key.id}`, 60)) > limit)
      throw tooManyRequests(`请求过于频繁：每个密钥每分钟最多 ${limit} 次`);
    if (scope && !key.scopes.includes(scope)) throw forbidden(`${Messages.forbidden}：密钥没有 ${scope} 权限`);
    void this.keys.touch(key.id).catch(() => {});
    return { key, session: sessionOfKey(key) };
  }

  private async caller(req: FastifyRequest): Promise<KeyRow> {
    const auth = header(req, 'authorization');
    if (/^Bearer\s+/i.test(auth)) {
      const claims = await this.ctx.tokens.verifyTicket(TOKEN_PURPOSE, auth.replace(/^Bearer\s+/i, ''));
      const key = typeof claims?.kid === 'number' ? await this.keys.byId(claims.kid) : null;
      if (!key) throw unauthorized('访问令牌无效或已过期');
      return key;
    }
    const appKey = header(req, OPEN_API_HEADERS.appKey);
    const timestamp = header(req, OPEN_API_HEADERS.timestamp);
    const nonce = header(req, OPEN_API_HEADERS.nonce);
    const signature = header(req, OPEN_API_HEADERS.signature).toLowerCase();
    if (!appKey || !timestamp || !nonce || !signature)
      throw unauthorized('缺少签名参数：请发送 X-App-Key、X-Timestamp、X-Nonce 和 X-Signature');
    if (!/^\d{13}$/.test(timestamp)) throw unauthorized('X-Timestamp 须为毫秒时间戳');
    if (Math.abs(Date.now() - Number(timestamp)) > OPEN_API_WINDOW_MS)
      throw unauthorized('请求已过期：时间戳须在服务器时间前后 5 分钟内');
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(nonce)) throw unauthorized('X-Nonce 须为 8-64 位字母、数字、_ 或 -');
    const key = await this.keys.active(appKey);
    if (!key) throw unauthorized('AppKey 不存在或已停用');
    const [path, query = ''] = req.url.split('?', 2);
    const text = openApiStringToSign({
      method: req.method,
      path,
      query,
      timestamp,
      nonce,
      bodySha256: req.bodySha256 ?? sha256Hex(''),
    });
    if (!sameHex(hmacHex(key.plainSecret, text), signature)) throw unauthorized('签名错误');
    // after the signature: only the key's holder can spend its nonces
    const fresh = await this.ctx.db.execute(sql`
      insert into openapi_nonce (key_id, nonce) values (${key.id}, ${nonce})
      on conflict do nothing returning key_id`);
    if (!fresh.rows.length) throw unauthorized('请求重复：该 nonce 已使用');
    return key;
  }

  /** Drops nonces older than the window (job `openapi.purgeNonces`). */
  async purgeNonces(): Promise<void> {
    await this.ctx.db.execute(
      sql`delete from openapi_nonce where seen_at < now() - make_interval(secs => ${(2 * OPEN_API_WINDOW_MS) / 1000})`,
    );
  }
}
