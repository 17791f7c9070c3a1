import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The push's two keys, derived from the installation secret every process already shares (JWT_SECRET: a session made
 * on one process is checked on every other, so every API and worker process has it) by HKDF-SHA256, one purpose label
 * each. No second secret to distribute and keep in step; the labels keep the keys apart from the token signing key
 * and from each other (a message MAC is never a valid token signature or client id, and the reverse). Rotating
 * JWT_SECRET rotates both, as it already ends every session.
 */
export interface PushKeys {
  /** Signs what the product publishes on an external broker (push/relay.ts). */
  message: Buffer;
  /** Signs the MQTT client ids the server issues to browsers (push/auth.ts). */
  clientId: Buffer;
}

const derive = (secret: Uint8Array, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'crm-push', purpose, 32));

export function pushKeys(secret: Uint8Array): PushKeys {
  return { message: derive(secret, 'crm push message mac v1'), clientId: derive(secret, 'crm push client id v1') };
}

/**
 * A signed message on the external broker: `{"v":1,"ts":…,"n":"…","body":"<the payload>","sig":"…"}`. The MAC covers
 * the topic (a genuine message to one user cannot be moved to another's topic), the time and a random nonce (a
 * captured message is refused outside ±MAX_SKEW_MS, and again inside it: each nonce is accepted once).
 */
interface Envelope {
  v: 1;
  ts: number;
  n: string;
  body: string;
  sig: string;
}

/** How far a message's time may be from this process's clock (processes on several machines, NTP-synchronised). */
export const MAX_SKEW_MS = 120_000;

export interface Sealer {
  /** The payload wrapped with its MAC, for publishing on `topic`. */
  seal(topic: string, payload: Buffer | string): Buffer;
  /** The payload of a genuine message published on `topic`, or null (no or a wrong MAC, too old, replayed, not ours). */
  open(topic: string, raw: Buffer): Buffer | null;
}

export function messageSealer(key: Buffer, now: () => number = Date.now): Sealer {
  const mac = (topic: string, ts: number, nonce: string, body: string) =>
    createHmac('sha256', key).update(`crm-push-v1\n${topic}\n${ts}\n${nonce}\n`).update(body, 'utf8').digest();
  /** nonce → its message's time; forgotten once the time is out of the window anyway. */
  const seen = new Map<string, number>();
  let lastPrune = 0;
  const prune = (at: number) => {
    if (at - lastPrune < 10_000) return;
    lastPrune = at;
    for (const [n, ts] of seen) if (Math.abs(at - ts) > MAX_SKEW_MS) seen.delete(n);
  };

  return {
    seal(topic, payload) {
      const body = typeof payload === 'string' ? payload : payload.toString('utf8');
      const ts = now();
      const n = randomBytes(12).toString('base64url');
      const sig = mac(topic, ts, n, body).toString('base64url');
      return Buffer.from(JSON.stringify({ v: 1, ts, n, body, sig } satisfies Envelope));
    },
    open(topic, raw) {
      let e: Partial<Envelope>;
      try {
        e = JSON.parse(raw.toString('utf8'));
      } catch {
        return null;
      }
      if (
        e?.v !== 1 ||
        typeof e.ts !== 'number' ||
        typeof e.n !== 'string' ||
        typeof e.body !== 'string' ||
        typeof e.sig !== 'string'
      )
        return null;
      if (!sameText(e.sig, mac(topic, e.ts, e.n, e.body).toString('base64url'))) return null;
      const at = now();
      if (Math.abs(at - e.ts) > MAX_SKEW_MS) return null;
      prune(at);
      if (seen.has(e.n)) return null;
      seen.set(e.n, e.ts);
      return Buffer.from(e.body, 'utf8');
    },
  };
}

/**
 * Browser client ids: `web-<nonce>-<mac>`, the MAC binding the nonce to one session (organisation, user, session id).
 * Issued by the server (the push client call), checked when the browser connects: nobody can connect under an id
 * issued to another session, so nobody can take over (and so disconnect) another's connection. Stateless: any API
 * process checks an id another issued. Each call issues a new nonce, so two tabs of one session do not share an id.
 */
export interface ClientIds {
  issue(session: SessionRef): string;
  /** The id was issued to this session. */
  belongsTo(clientId: string, session: SessionRef): boolean;
}

export interface SessionRef {
  orgId: number;
  userId: number;
  sessionId: string;
}

export function clientIds(key: Buffer): ClientIds {
  const mac = (s: SessionRef, nonce: string) =>
    createHmac('sha256', key)
      .update(`${s.orgId}\n${s.userId}\n${s.sessionId}\n${nonce}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  return {
    issue: (s) => {
      const nonce = randomBytes(9).toString('base64url');
      return `web-${nonce}-${mac(s, nonce)}`;
    },
    belongsTo: (clientId, s) => {
      const m = /^web-([A-Za-z0-9_-]{12})-([A-Za-z0-9_-]{22})$/.exec(clientId);
      if (!m) return false;
      return sameText(m[2], mac(s, m[1]));
    },
  };
}

/**
 * Compares two MACs in their base64url text, in constant time. Decoding first would accept other spellings of the
 * same bytes: a base64url text's last character carries unused bits that a decoder ignores.
 */
function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
