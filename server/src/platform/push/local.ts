import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type Client } from 'aedes';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { type BrowserAuthenticator, mayRead, type Owner } from './auth';

/** The browsers connected to this process: an Aedes broker served as MQTT over WebSocket at /mqtt. */
export interface LocalBroker {
  /** Delivers a payload to the browsers of this process subscribed to the topic. */
  deliver(topic: string, payload: Buffer): Promise<void>;
  /** Closes this process's connections of a user; returns how many were closed. */
  disconnectUser(orgId: number, userId: number): number;
  attach(server: Server): void;
  healthy(): boolean;
  close(): Promise<void>;
}

/** setTimeout's longest delay (about 24.8 days); a later expiry is checked again then. */
const MAX_DELAY = 2 ** 31 - 1;
/** How long a disconnect order is remembered for connections whose session check was already under way. */
const ORDER_MEMORY_MS = 60_000;

const userKey = (orgId: number, userId: number) => `${orgId}:${userId}`;

export async function createLocalBroker(authenticate: BrowserAuthenticator): Promise<LocalBroker> {
  const owners = new WeakMap<Client, Owner>();
  const byUser = new Map<string, Set<Client>>();
  const expiryTimers = new Map<Client, NodeJS.Timeout>();
  /** user key → when their connections were last ordered closed */
  const disconnectOrders = new Map<string, number>();

  const broker = await Aedes.createBroker({
    authenticate: (client, _username, password, done) => {
      void authenticate(client.id, password?.toString() ?? '').then((result) => {
        if (result instanceof Error) return done(result, false);
        owners.set(client, result);
        done(null, true);
      });
    },
    // A refused topic gets the failure return code 128 in SUBACK; the connection and its other topics stay.
    authorizeSubscribe: (client, sub, done) => done(null, mayRead(owners.get(client), sub.topic) ? sub : null),
    // Browsers only read; the server publishes through broker.publish, which is not asked.
    authorizePublish: (client, _packet, done) => done(client ? new Error('clients may not publish') : null),
  });

  const closeAtExpiry = (client: Client, expiresAt: number) => {
    const delay = expiresAt - Date.now();
    expiryTimers.set(
      client,
      setTimeout(
        () => (delay > MAX_DELAY ? closeAtExpiry(client, expiresAt) : client.close()),
        Math.min(delay, MAX_DELAY),
      ).unref(),
    );
  };

  broker.on('client', (client) => {
    const owner = owners.get(client);
    if (!owner) return;
    const key = userKey(owner.orgId, owner.userId);
    // Its session was checked before the user was disabled here or in another process: closed as the others were.
    if ((disconnectOrders.get(key) ?? 0) >= owner.checkedAt) return client.close();
    const set = byUser.get(key) ?? new Set();
    byUser.set(key, set.add(client));
    closeAtExpiry(client, owner.expiresAt);
  });
  broker.on('clientDisconnect', (client) => {
    clearTimeout(expiryTimers.get(client));
    expiryTimers.delete(client);
    const owner = owners.get(client);
    if (!owner) return;
    const key = userKey(owner.orgId, owner.userId);
    byUser.get(key)?.delete(client);
    if (byUser.get(key)?.size === 0) byUser.delete(key);
  });

  const wss = new WebSocketServer({ noServer: true });
  return {
    deliver: (topic, payload) =>
      new Promise((resolve, reject) =>
        broker.publish({ cmd: 'publish', topic, payload, qos: 0, dup: false, retain: false }, (err) =>
          err ? reject(err) : resolve(),
        ),
      ),
    disconnectUser(orgId, userId) {
      const key = userKey(orgId, userId);
      const now = Date.now();
      for (const [k, at] of disconnectOrders) if (now - at > ORDER_MEMORY_MS) disconnectOrders.delete(k);
      disconnectOrders.set(key, now);
      const clients = [...(byUser.get(key) ?? [])];
      for (const c of clients) c.close();
      return clients.length;
    },
    attach(server) {
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (!req.url?.startsWith('/mqtt')) return;
        wss.handleUpgrade(req, socket, head, (ws) => broker.handle(createWebSocketStream(ws), req));
      });
    },
    healthy: () => !broker.closed,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of expiryTimers.values()) clearTimeout(t);
        for (const ws of wss.clients) ws.terminate();
        wss.close();
        broker.close(() => resolve());
      }),
  };
}
