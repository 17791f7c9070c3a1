import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { MqttConfig } from '../config';
import type { LocalBroker } from './local';
import type { Sealer } from './signing';
import { DISCONNECT_TOPIC, RELAYED_TOPICS } from './topics';

/** This process's connection to the external broker, which carries messages between API and worker processes. */
export interface Relay {
  publish(topic: string, payload: Buffer): Promise<void>;
  /** Asks every API process (this one too) to close a user's browser connections. */
  orderDisconnect(orgId: number, userId: number): Promise<void>;
  connected(): boolean;
  close(): Promise<void>;
}

/** How often at most a process logs that it dropped messages without a valid MAC. */
const FORGERY_LOG_INTERVAL_MS = 60_000;

/**
 * Connects with the product's own credentials (MQTT_USERNAME / MQTT_PASSWORD, TLS for mqtts://) and relays what the
 * broker carries on the browsers' topics into this process's local broker. A message published here comes back
 * through the subscription like any other: the browsers of this process get it once, by the same path.
 *
 * Everything the product publishes is sealed with the message key (push/signing.ts) and opened here before it
 * reaches a browser or the control topic acts: a message some other client of the broker published (forged, or a
 * genuine one replayed) is dropped, whatever the broker let through.
 */
export async function connectRelay(
  config: MqttConfig,
  local: LocalBroker,
  sealer: Sealer,
  log?: FastifyBaseLogger,
): Promise<Relay> {
  let client: MqttClient;
  try {
    client = await mqtt.connectAsync(config.url, {
      ...tlsOptions(config),
      clientId: `crm-server-${process.pid}-${Math.random().toString(16).slice(2, 10)}`,
      username: config.username,
      password: config.password,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
    });
  } catch (err) {
    throw new Error(`MQTT broker at ${redacted(config.url)}: ${(err as Error).message}`, { cause: err });
  }
  client.on('error', (err) => log?.warn({ err }, 'MQTT broker connection error'));
  let dropped = 0;
  let lastLogged = 0;
  const drop = (topic: string) => {
    dropped++;
    const now = Date.now();
    if (now - lastLogged < FORGERY_LOG_INTERVAL_MS) return;
    lastLogged = now;
    log?.warn(
      { topic, dropped },
      'MQTT message without a valid signature dropped (published by a client that is not the product, replayed, or by a process with another JWT_SECRET)',
    );
  };
  client.on('message', (topic, raw) => {
    const payload = sealer.open(topic, raw);
    if (!payload) return drop(topic);
    if (topic === DISCONNECT_TOPIC) {
      const order = parseOrder(payload);
      if (order) local.disconnectUser(order.orgId, order.userId);
      return;
    }
    local.deliver(topic, payload).catch((err) => log?.warn({ err, topic }, 'relay to browsers failed'));
  });
  // Resubscribed by mqtt.js after each reconnect (clean session).
  await client.subscribeAsync([...RELAYED_TOPICS, DISCONNECT_TOPIC], { qos: 1 });

  // Fails at once while the broker is away: mqtt.js would hold a QoS 1 publish until it is back, and with it the
  // request that published (the callers log the failure; the messages stay stored).
  const send = async (topic: string, payload: Buffer | string) => {
    if (!client.connected) throw new Error(`MQTT broker at ${redacted(config.url)} is not connected`);
    await client.publishAsync(topic, sealer.seal(topic, payload), { qos: 1 });
  };
  return {
    publish: send,
    orderDisconnect: (orgId, userId) => send(DISCONNECT_TOPIC, JSON.stringify({ orgId, userId })),
    connected: () => client.connected,
    close: () => client.endAsync(),
  };
}

/**
 * Whether the broker lets a client in with no username and password: one connection attempt, closed at once. A
 * refusal, an error or no answer within the timeout all count as "does not accept".
 */
export async function acceptsAnonymous(config: MqttConfig, timeoutMs = 5000): Promise<boolean> {
  const probe = mqtt.connect(withoutCredentials(config.url), {
    ...tlsOptions(config),
    clientId: `crm-anonymous-probe-${Math.random().toString(16).slice(2, 10)}`,
    reconnectPeriod: 0,
    connectTimeout: timeoutMs,
  });
  const accepted = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs + 500);
    const settle = (ok: boolean) => {
      clearTimeout(timer);
      resolve(ok);
    };
    probe.once('connect', () => settle(true));
    probe.once('error', () => settle(false));
    probe.once('close', () => settle(false));
  });
  await probe.endAsync(true).catch(() => {});
  return accepted;
}

/** The address without a user and password written into it (mqtt.js would send them). */
function withoutCredentials(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return url;
  }
}

function tlsOptions(config: MqttConfig) {
  return {
    ca: config.caFile ? readFileSync(config.caFile) : undefined,
    rejectUnauthorized: config.rejectUnauthorized,
  };
}

function parseOrder(payload: Buffer): { orgId: number; userId: number } | null {
  try {
    const { orgId, userId } = JSON.parse(payload.toString('utf8'));
    return Number.isInteger(orgId) && Number.isInteger(userId) ? { orgId, userId } : null;
  } catch {
    return null;
  }
}

/** The broker address for a log line, without credentials written into it. */
export function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}
