import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { createWebSocketStream, WebSocketServer } from 'ws';
import type { TokenService } from './session';

/** Topic a user's browser subscribes to; the server publishes notices and AI messages there. */
export const userTopic = (orgId: number, userId: number) => `crm/${orgId}/user/${userId}`;
export const orgTopic = (orgId: number) => `crm/${orgId}/all`;

export interface Push {
  kind: 'embedded' | 'external';
  publish(topic: string, payload: unknown): Promise<void>;
  healthy(): boolean;
  /** Serves MQTT over WebSocket at /mqtt on the app's HTTP server (embedded broker only). */
  attach(server: Server): void;
  close(): Promise<void>;
}

/** Embedded Aedes broker: browsers sign in with their access token and may read only their own topics. */
export async function createEmbeddedPush(tokens: TokenService): Promise<Push> {
  const owners = new WeakMap<object, { orgId: number; userId: number }>();
  const broker = await Aedes.createBroker({
    authenticate: (client, _username, password, done) => {
      tokens
        .verifyAccess(password?.toString() ?? '')
        .then((claims) => {
          owners.set(client, { orgId: claims.org, userId: claims.uid });
          done(null, true);
        })
        .catch(() => {
          const err = Object.assign(new Error('Bad username or password'), { returnCode: 4 });
          done(err as any, false);
        });
    },
    authorizeSubscribe: (client, sub, done) => {
      const owner = owners.get(client);
      const allowed =
        owner && (sub.topic === userTopic(owner.orgId, owner.userId) || sub.topic === orgTopic(owner.orgId));
      // A refused topic gets the failure return code 128 in SUBACK; the connection and its other topics stay.
      done(null, allowed ? sub : null);
    },
    authorizePublish: (client, _packet, done) => done(client ? new Error('clients may not publish') : null),
  });
  const wss = new WebSocketServer({ noServer: true });
  return {
    kind: 'embedded',
    publish: (topic, payload) =>
      new Promise((resolve, reject) =>
        broker.publish(
          { cmd: 'publish', topic, payload: Buffer.from(JSON.stringify(payload)), qos: 0, dup: false, retain: false },
          (err) => (err ? reject(err) : resolve()),
        ),
      ),
    healthy: () => !broker.closed,
    attach(server) {
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (!req.url?.startsWith('/mqtt')) return;
        wss.handleUpgrade(req, socket, head, (ws) => broker.handle(createWebSocketStream(ws), req));
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        wss.close();
        broker.close(() => resolve());
      }),
  };
}

/** An external broker (EMQX, Mosquitto) at MQTT_URL; browsers reach it at its own WebSocket address. */
export async function createExternalPush(url: string): Promise<Push> {
  const client = await mqtt.connectAsync(url, {
    clientId: `crm-server-${process.pid}-${Date.now()}`,
    reconnectPeriod: 2000,
  });
  return {
    kind: 'external',
    publish: async (topic, payload) => {
      await client.publishAsync(topic, JSON.stringify(payload), { qos: 1 });
    },
    healthy: () => client.connected,
    attach: () => {},
    close: () => client.endAsync(),
  };
}
