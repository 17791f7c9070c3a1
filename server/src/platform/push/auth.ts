import type { AuthenticateError } from 'aedes';
import type { AccessClaims, TokenService } from '../session';
import type { ClientIds } from './signing';
import { orgTopic, userTopic } from './topics';

/** Whose browser a connection is, and when its access token expires (epoch ms). */
export interface Owner {
  orgId: number;
  userId: number;
  expiresAt: number;
  /** When the session check began (epoch ms): a disconnect ordered after it must still reach this connection. */
  checkedAt: number;
}

/** Whether the session behind an access token is alive: not revoked, its user and organisation enabled. */
export type SessionCheck = (claims: AccessClaims) => Promise<boolean>;

/**
 * Checks the client id and the access token (its MQTT password) a browser connects with: the owner, or the CONNACK
 * refusal.
 */
export type BrowserAuthenticator = (clientId: string, token: string) => Promise<Owner | AuthenticateError>;

// CONNACK return codes (aedes' AuthErrorCode is an ambient const enum, not usable here).
const IDENTIFIER_REJECTED = 2;
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

function refusal(returnCode: 2 | 4 | 5, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/**
 * One session lookup per connection (the same the HTTP requests make), none per message: a token that is invalid or
 * expired is refused as a bad password; a client id the server did not issue to this token's session (push client
 * call) as an identifier rejected, before Aedes would hand it the connection of whoever holds that id; a live token
 * of a revoked session or a disabled user as not authorised.
 */
export function browserAuthenticator(
  tokens: TokenService,
  sessionAlive: SessionCheck,
  ids: ClientIds,
): BrowserAuthenticator {
  return async (clientId, token) => {
    let claims: AccessClaims;
    try {
      claims = await tokens.verifyAccess(token);
    } catch {
      return refusal(BAD_USERNAME_OR_PASSWORD, 'Bad username or password');
    }
    if (!ids.belongsTo(clientId, { orgId: claims.org, userId: claims.uid, sessionId: claims.sid }))
      return refusal(IDENTIFIER_REJECTED, 'Identifier rejected');
    const checkedAt = Date.now();
    if (!(await sessionAlive(claims).catch(() => false))) return refusal(NOT_AUTHORIZED, 'Not authorized');
    return { orgId: claims.org, userId: claims.uid, expiresAt: expiryOf(token), checkedAt };
  };
}

/** A browser may read its own user topic and its organisation's topic, nothing else (no wildcards). */
export function mayRead(owner: Owner | undefined, topic: string): boolean {
  return !!owner && (topic === userTopic(owner.orgId, owner.userId) || topic === orgTopic(owner.orgId));
}

/** The `exp` of an access token verifyAccess has accepted (it requires a numeric exp), in epoch ms. */
function expiryOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { exp: number };
  return payload.exp * 1000;
}
