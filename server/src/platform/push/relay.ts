import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { MqttConfig } from '../config';
import type { LocalBroker } from './local';
import { DISCONNECT_TOPIC, RELAYED_TOPICS } from './topics';

/** This process's connection to the external broker, which carries messages between API and worker processes. */
export interface Relay {
  publish(topic: string, payload: Buffer): Promise<void>;
  /** Asks every API process (this one too) to close a user's browser connections. */
  orderDisconnect(orgId: number, userId: number): Promise<void>;
  connected(): boolean;
  close(): Promise<void>;
}

/**
 * Connects with the product's own credentials (MQTT_USERNAME / MQTT_PASSWORD, TLS for mqtts://) and relays what the
 * broker carries on the browsers' topics into this process's local broker. A message published here comes back
 * through the subscription like any other: the browsers of this process get it once, by the same path.
 */
export async function connectRelay(config: MqttConfig, local: LocalBroker, log?: FastifyBaseLogger): Promise<Relay> {
  let client: MqttClient;
  try {
    client = await mqtt.connectAsync(config.url, {
      clientId: `crm-server-${process.pid}-${Math.random().toString(16).slice(2, 10)}`,
      username: config.username,
      password: config.password,
      ca: config.caFile ? readFileSync(config.caFile) : undefined,
      rejectUnauthorized: config.rejectUnauthorized,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
    });
  } catch (err) {
    throw new Error(`MQTT broker at ${redacted(config.url)}: ${(err as Error).message}`, { cause: err });
  }
  client.on('error', (err) => log?.warn({ err }, 'MQTT broker connection error'));
  client.on('message', (topic, payload) => {
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
    await client.publishAsync(topic, payload, { qos: 1 });
  };
  return {
    publish: send,
    orderDisconnect: (orgId, userId) => send(DISCONNECT_TOPIC, JSON.stringify({ orgId, userId })),
    connected: () => client.connected,
    close: () => client.endAsync(),
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
function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}
