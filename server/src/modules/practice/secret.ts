import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The short-lived credential of the voice channel (getTempSecret): the organisation, user and session it is for and
 * its expiry, signed with the installation key. It opens the voice upload of that one session and nothing else (it is
 * no access token).
 */

export interface VoiceClaims {
  orgId: number;
  userId: number;
  sessionId: number;
  /** Expiry, ms since the epoch. */
  exp: number;
}

const sign = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(`practice-voice.${payload}`).digest('base64url');

export function issueSecret(key: Buffer, claims: VoiceClaims): string {
  const payload = Buffer.from(JSON.stringify([claims.orgId, claims.userId, claims.sessionId, claims.exp])).toString(
    'base64url',
  );
  return `${payload}.${sign(key, payload)}`;
}

/** The claims of a valid, unexpired secret, else null. */
export function readSecret(key: Buffer, secret: string, now = Date.now()): VoiceClaims | null {
  const [payload, mac] = secret.split('.');
  if (!payload || !mac) return null;
  const want = Buffer.from(sign(key, payload));
  const got = Buffer.from(mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const [orgId, userId, sessionId, exp] = JSON.parse(Buffer.from(payload, 'base64url').toString()) as number[];
    if (![orgId, userId, sessionId, exp].every(Number.isInteger) || exp <= now) return null;
    return { orgId, userId, sessionId, exp };
  } catch {
    return null;
  }
}
