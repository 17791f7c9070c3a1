import type { Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { MqttConfig } from './config';
import { browserAuthenticator, type SessionCheck } from './push/auth';
import { createLocalBroker } from './push/local';
import { connectRelay } from './push/relay';
import type { TokenService } from './session';

export { orgTopic, userTopic } from './push/topics';

/**
 * Push to browsers. Every API process serves MQTT over WebSocket at /mqtt: a browser signs in with its access token
 * and may read only its own user topic and its organisation's. With MQTT_URL the process also relays between the
 * external broker (which carries messages between processes and workers) and its own browsers (push/relay.ts).
 */
export interface Push {
  kind: 'embedded' | 'external';
  publish(topic: string, payload: unknown): Promise<void>;
  /** Closes a user's browser connections in every process (a user disabled by an administrator). */
  disconnectUser(orgId: number, userId: number): Promise<void>;
  healthy(): boolean;
  /** Serves MQTT over WebSocket at /mqtt on the app's HTTP server. */
  attach(server: Server): void;
  close(): Promise<void>;
}

export interface PushOptions {
  tokens: TokenService;
  /** The session behind a browser's token is alive (checked once per connection). */
  sessionAlive: SessionCheck;
  /** The external broker; without it this process is the only broker (the embedded shape). */
  mqtt?: MqttConfig;
  log?: FastifyBaseLogger;
}

export async function createPush(opts: PushOptions): Promise<Push> {
  const local = await createLocalBroker(browserAuthenticator(opts.tokens, opts.sessionAlive));
  const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload));
  if (!opts.mqtt)
    return {
      kind: 'embedded',
      publish: (topic, payload) => local.deliver(topic, encode(payload)),
      disconnectUser: async (orgId, userId) => {
        local.disconnectUser(orgId, userId);
      },
      healthy: local.healthy,
      attach: local.attach,
      close: local.close,
    };

  const relay = await connectRelay(opts.mqtt, local, opts.log).catch(async (err) => {
    await local.close();
    throw err;
  });
  return {
    kind: 'external',
    // Only through the broker: the relay brings it back to this process's browsers like to every other's.
    publish: (topic, payload) => relay.publish(topic, encode(payload)),
    disconnectUser: async (orgId, userId) => {
      // here at once, even if the broker is unreachable; the other processes by the broker
      local.disconnectUser(orgId, userId);
      await relay.orderDisconnect(orgId, userId);
    },
    healthy: () => local.healthy() && relay.connected(),
    attach: local.attach,
    close: async () => {
      await relay.close();
      await local.close();
    },
  };
}
