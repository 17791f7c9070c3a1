import {
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
  webcrypto,
} from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { invalidToken, loginExpired } from './errors';

/** Who is calling, resolved once per request from the access token. Services receive it and scope by it. */
export interface Session {
  sessionId: string;
  userId: number;
  orgId: number;
  username: string;
  deptId: number | null;
  roleId: number | null;
  roleSign: string;
  /** 1 own, 2 department and below, 3 all (DataScope). */
  dataScope: 1 | 2 | 3;
  signs: Set<string>;
  isSuperAdmin: boolean;
  /** Users whose data this session may see; null means every user of the organisation. */
  visibleUserIds: number[] | null;
}

export interface AccessClaims {
  sid: string;
  uid: number;
  org: number;
}

/** The claims of an installation operator's token (modules/operator). */
export interface OperatorClaims {
  sid: string;
  op: number;
}
const OPERATOR_AUDIENCE = 'operator';

/** Resolves claims to a live session; null when the session was revoked or the user disabled. */
export type SessionLoader = (claims: AccessClaims) => Promise<Session | null>;

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(req: FastifyRequest, required: boolean, tokenInQuery?: boolean): Promise<Session | null>;
    tokens: TokenService;
  }
  interface FastifyRequest {
    session: Session | null;
  }
}

export class TokenService {
  /** The HMAC key imported once: jose would import a raw secret again on every sign and verify. */
  private readonly secret: Promise<webcrypto.CryptoKey>;
  /** The same key for the synchronous check of access tokens on every request. */
  private readonly hmacKey: KeyObject;

  constructor(
    secret: Uint8Array,
    readonly accessTtlSeconds: number,
  ) {
    this.secret = webcrypto.subtle.importKey(
      'raw',
      secret as Uint8Array<ArrayBuffer>,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    this.hmacKey = createSecretKey(secret);
  }

  async issueAccess(claims: AccessClaims, ttlSeconds = this.accessTtlSeconds): Promise<string> {
    return new SignJWT({ uid: claims.uid, org: claims.org })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(claims.sid)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(await this.secret);
  }

  /**
   * An installation operator's access token (modules/operator): `aud: operator` and no user or organisation, so
   * that verifyAccess refuses it (22001) and no organisation call ever accepts it; verifyOperator refuses the
   * organisations' tokens in turn.
   */
  async issueOperator(claims: OperatorClaims, ttlSeconds: number): Promise<string> {
    return new SignJWT({ op: claims.op, aud: OPERATOR_AUDIENCE })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(claims.sid)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(await this.secret);
  }

  /** Checks an operator token: expired: code 10; not an operator's token: 22001. */
  verifyOperator(token: string): OperatorClaims {
    const payload = verifyHs256(token, this.hmacKey);
    if (
      payload.aud !== OPERATOR_AUDIENCE ||
      typeof payload.op !== 'number' ||
      typeof payload.jti !== 'string' ||
      !payload.jti
    )
      throw invalidToken();
    return { sid: payload.jti, op: payload.op };
  }

  /** A short-lived signed ticket for one purpose (password reset, temp iframe token), not a session. */
  async issueTicket(purpose: string, data: Record<string, string | number>, ttlSeconds: number): Promise<string> {
    return new SignJWT({ ...data, purpose })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(await this.secret);
  }

  async verifyTicket(purpose: string, token: string): Promise<Record<string, unknown> | null> {
    try {
      const { payload } = await jwtVerify(token, await this.secret, { algorithms: ['HS256'] });
      return payload.purpose === purpose ? (payload as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  /**
   * Checks an access token (HS256 JWT, as issueAccess signs it) on every request. Done here with one synchronous
   * HMAC: jose's WebCrypto verify costs a thread-pool round trip per request (about 7% of getUserInfoByToken's
   * CPU in bench/auth.bench.ts). Expired: code 10; anything else wrong: 22001.
   */
  async verifyAccess(token: string): Promise<AccessClaims> {
    const payload = verifyHs256(token, this.hmacKey);
    if (
      payload.aud !== undefined ||
      typeof payload.uid !== 'number' ||
      typeof payload.org !== 'number' ||
      typeof payload.jti !== 'string' ||
      !payload.jti
    )
      throw invalidToken();
    return { sid: payload.jti, uid: payload.uid, org: payload.org };
  }
}

const B64URL = /^[A-Za-z0-9_-]+$/;

function decodeJson(part: string): Record<string, unknown> {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value;
  } catch {}
  throw invalidToken();
}

/** A compact HS256 JWS with an expiry: header, signature (constant-time), then nbf and exp. */
function verifyHs256(token: string, key: KeyObject): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => B64URL.test(p))) throw invalidToken();
  const [h, p, sig] = parts;
  const header = decodeJson(h);
  if (header.alg !== 'HS256' || header.crit !== undefined || header.b64 !== undefined) throw invalidToken();
  const expected = createHmac('sha256', key).update(`${h}.${p}`).digest();
  const actual = Buffer.from(sig, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw invalidToken();
  const payload = decodeJson(p);
  const now = Math.floor(Date.now() / 1000);
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) throw invalidToken();
  if (typeof payload.exp !== 'number') throw invalidToken();
  if (payload.exp <= now) throw loginExpired();
  return payload;
}

/** Random opaque refresh token and the hash kept in the database. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The access token of a request: the Authorization header, or `?token=` on the few routes that allow it (media
 * elements and links cannot send headers). Elsewhere a token in the URL is ignored: URLs end up in logs and history.
 */
export function tokenOf(req: FastifyRequest, fromQuery = false): string | null {
  const header = req.headers.authorization;
  if (header) return header.replace(/^Bearer\s+/i, '').trim() || null;
  if (!fromQuery) return null;
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof q === 'string' && q ? q : null;
}

export function installAuth(app: FastifyInstance, tokens: TokenService, loader: () => SessionLoader): void {
  app.decorate('tokens', tokens);
  app.decorateRequest('session', null);
  app.decorate('authenticate', async (req: FastifyRequest, required: boolean, tokenInQuery = false) => {
    const token = tokenOf(req, tokenInQuery);
    if (!token) {
      if (required) throw loginExpired('请登录！');
      return null;
    }
    const claims = await tokens.verifyAccess(token);
    const session = await loader()(claims);
    if (!session) throw loginExpired();
    req.session = session;
    return session;
  });
}
