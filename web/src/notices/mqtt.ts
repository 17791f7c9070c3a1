import { orgTopic, userTopic } from '@crm/core/contract';
import { notice as noticeCalls } from '@crm/core/contract/notice';
import { api, refreshSession } from '../api/client';
import { mqttUrl } from '../api/config';
import { receivePush } from './push';

/** CONNACK refusals of the server's /mqtt: 4 the token is invalid or expired, 5 the session ended or the user was disabled. */
const REFUSED = new Set([4, 5]);
/** CONNACK 2: the client id was not issued to this session (a new sign-in): a new one is asked for. */
const IDENTIFIER_REJECTED = 2;

/** The client id the server issues to this session (it refuses any other); null once `closed()` or signed out. */
async function issuedClientId(closed: () => boolean): Promise<string | null> {
  while (!closed()) {
    const answer = await api.call(noticeCalls.pushClient, undefined, { silent: true }).catch(() => null);
    if (answer) return answer.clientId;
    await new Promise((r) => setTimeout(r, 5000));
  }
  return null;
}

/**
 * Connects to the MQTT push (username anything, password the access token) on the user's topic and hands what arrives
 * to receivePush (push.ts: the handlers of usePush). The address is /mqtt on the page's own origin, served by every API
 * process in both shapes (with an external broker each process relays); VITE_MQTT_URL only overrides it and is not
 * needed behind the product's reverse proxy.
 * The server closes the connection when the access token expires: a refused reconnect renews the token once with the
 * refresh token, and gives up when the session is over (the next API call then leads to the sign-in page).
 * The client id is the server's (pushClient, bound to the session): nobody can connect under another's.
 * mqtt.js is loaded on demand so the sign-in page does not carry it. Returns a disconnect function.
 */
export function connectPush(opts: { orgId: number; userId: number; token: () => string | null }): () => void {
  let closed = false;
  let client: { end(force?: boolean): unknown } | null = null;
  void Promise.all([import('mqtt'), issuedClientId(() => closed)]).then(([{ default: mqtt }, clientId]) => {
    if (closed || !clientId) return;
    const c = mqtt.connect(mqttUrl(), {
      username: 'web',
      password: opts.token() ?? '',
      reconnectPeriod: 5000,
      connectTimeout: 10_000,
      clientId,
    });
    client = c;
    c.on('connect', () => c.subscribe([userTopic(opts.orgId, opts.userId), orgTopic(opts.orgId)]));
    // A fresh access token on each reconnect (the old one may have expired).
    c.on('reconnect', () => {
      c.options.password = opts.token() ?? '';
    });
    // to whoever follows its kind (usePush)
    c.on('message', (_topic, payload) => receivePush(payload.toString()));
    c.on('error', (err) => {
      const code = (err as { code?: number }).code ?? 0;
      if (code === IDENTIFIER_REJECTED)
        void issuedClientId(() => closed).then((id) => {
          if (id) c.options.clientId = id;
        });
      if (!REFUSED.has(code)) return;
      void refreshSession().then((renewed) => {
        if (!renewed) c.end(true);
      });
    });
  });
  return () => {
    closed = true;
    client?.end(true);
  };
}
