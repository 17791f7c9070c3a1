import type { Server } from 'node:http';
import type { PushMessage, PushTopic } from '@crm/core/contract/push';
import type { FastifyBaseLogger } from 'fastify';
import type { MqttConfig } from './config';
import { browserAuthenticator, type SessionCheck } from './push/auth';
import { createLocalBroker } from './push/local';
import { acceptsAnonymous, connectRelay, redacted } from './push/relay';
import { clientIds, messageSealer, pushKeys, type SessionRef } from './push/signing';
import type { TokenService } from './session';

export { orgTopic, userTopic } from './push/topics';

/**
 * Push to browsers. Every API process serves MQTT over WebSocket at /mqtt: a browser signs in with its access token
 * and a client id the server issued to its session, and may read only its own user topic and its organisation's.
 * With MQTT_URL the process also relays between the external broker (which carries messages between processes and
 * workers) and its own browsers (push/relay.ts); what the product publishes there is signed, and what is not is
 * dropped; a broker that accepts anonymous clients stops the start unless MQTT_ALLOW_ANONYMOUS_BROKER=true.
 */
export interface Push {
  kind: 'embedded' | 'external';
  /** Sends one message of the push contract to a user's or an organisation's browsers (`userTopic`, `orgTopic`). */
  publish(topic: PushTopic, message: PushMessage): Promise<void>;
  /** Closes a user's browser connections in every process (a user disabled by an administrator). */
  disconnectUser(orgId: number, userId: number): Promise<void>;
  /**
   * A new MQTT client id for a browser of this session: the only ids /mqtt accepts with the session's tokens, so that
   * nobody can connect under (and so take over) another's.
   */
  issueClientId(session: SessionRef): string;
  healthy(): boolean;
  /** Serves MQTT over WebSocket at /mqtt on the app's HTTP server. */
  attach(server: Server): void;
  close(): Promise<void>;
}

export interface PushOptions {
  tokens: TokenService;
  /** The installation secret every process shares (JWT_SECRET): the push's keys derive from it (push/signing.ts). */
  secret: Uint8Array;
  /** The session behind a browser's token is alive (checked once per connection). */
  sessionAlive: SessionCheck;
  /** The external broker; without it this process is the only broker (the embedded shape). */
  mqtt?: MqttConfig;
  log?: FastifyBaseLogger;
}

export async function createPush(opts: PushOptions): Promise<Push> {
  const keys = pushKeys(opts.secret);
  const ids = clientIds(keys.clientId);
  const mqtt = opts.mqtt;
  const local = await createLocalBroker(browserAuthenticator(opts.tokens, opts.sessionAlive, ids));
  const encode = (message: PushMessage) => Buffer.from(JSON.stringify(message));
  if (!mqtt)
    return {
      kind: 'embedded',
      publish: (topic, message) => local.deliver(topic, encode(message)),
      disconnectUser: async (orgId, userId) => {
        local.disconnectUser(orgId, userId);
      },
      issueClientId: ids.issue,
      healthy: local.healthy,
      attach: local.attach,
      close: local.close,
    };

  const relay = await connectRelay(mqtt, local, messageSealer(keys.message), opts.log).catch(async (err) => {
    await local.close();
    throw err;
  });
  // Checked once the product's own connection works (an unreachable broker fails there, with its own message).
  if (await acceptsAnonymous(mqtt)) {
    if (!mqtt.allowAnonymousBroker) {
      await relay.close();
      await local.close();
      throw new Error(anonymousBrokerRefusal(mqtt.url));
    }
    opts.log?.warn(
      `MQTT broker at ${redacted(mqtt.url)} accepts anonymous clients (MQTT_ALLOW_ANONYMOUS_BROKER=true): they can read every organisation's messages; what they publish is dropped`,
    );
  }
  return {
    kind: 'external',
    // Only through the broker: the relay brings it back to this process's browsers like to every other's.
    publish: (topic, message) => relay.publish(topic, encode(message)),
    disconnectUser: async (orgId, userId) => {
      // here at once, even if the broker is unreachable; the other processes by the broker
      local.disconnectUser(orgId, userId);
      await relay.orderDisconnect(orgId, userId);
    },
    issueClientId: ids.issue,
    healthy: () => local.healthy() && relay.connected(),
    attach: local.attach,
    close: async () => {
      await relay.close();
      await local.close();
    },
  };
}

/** Why a process with MQTT_URL does not start: the broker lets anyone in. */
export function anonymousBrokerRefusal(url: string): string {
  return (
    `MQTT broker at ${redacted(url)} accepts anonymous clients: anyone who reaches it could read every ` +
    "organisation's messages. Refuse them on the broker (Mosquitto: allow_anonymous false and a password_file; " +
    'EMQX: enable an authenticator), or set MQTT_ALLOW_ANONYMOUS_BROKER=true to start anyway (what other clients ' +
    'publish is still dropped, but they can read). MQTT 代理允许匿名连接，服务拒绝启动。'
  );
}
