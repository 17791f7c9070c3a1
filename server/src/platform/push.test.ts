import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { contract } from '@crm/core/contract';
import type { PushMessage } from '@crm/core/contract/push';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMosquitto, type TestMosquitto } from '../../../scripts/lib/mosquitto.mjs';
import { type BuiltApp, buildApp } from '../app';
import { type TestApp, type TestOrg, type TestUser, useTestApp } from '../test/harness';
import { loadConfig } from './config';
import { orgTopic, userTopic } from './push';
import { DISCONNECT_TOPIC } from './push/topics';

/**
 * Push: browsers on /mqtt with a client id the server issued to their session; in the scaled shape API processes
 * relaying between an external broker and their own browsers. The brokers are Mosquittos started here on free
 * loopback ports: one that refuses anonymous clients (the README's shape), one that lets anyone in.
 */

const _B = '/api/backend';

/** A user message of the push contract, told apart by its title. */
const message = (title: string): PushMessage => ({
  type: 'message',
  id: 1,
  title,
  content: '',
  msgType: 'notice',
  param: {},
  data: {},
  noticeId: null,
  isRead: 0,
  readTime: null,
  createTime: null,
});
const JWT_SECRET = `push-test-${randomBytes(8).toString('hex')}`;

/** A broker that refuses anonymous clients (the product's user `crm`), for the whole file. */
let broker: TestMosquitto | undefined;
try {
  broker = await startMosquitto();
} catch (err) {
  console.warn(
    `push.test.ts: no Mosquitto could be started (${(err as Error).message}): external-broker tests skipped`,
  );
}
afterAll(async () => {
  await broker?.destroy();
});

const mqttEnv = (b: TestMosquitto, extra: Record<string, string> = {}) => ({
  ...b.env,
  JWT_SECRET,
  START_JOBS: 'false',
  ...extra,
});

/** Helpers on one test app (A) and the browsers connecting to its /mqtt or to another process's. */
function browsers(t: () => TestApp) {
  const clients: mqtt.MqttClient[] = [];
  const endClients = async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  };
  afterAll(endClients);
  /** The client id the server issues to the session of this token (the web app asks for it before connecting). */
  const clientIdOf = async (token: string) => {
    const res = await t().call(contract.notice.pushClient, undefined, { token });
    expect(res.code).toBe(1);
    return res.data.clientId as string;
  };
  /** A browser: MQTT over WebSocket at /mqtt of one process, the access token as password, no reconnect. */
  const attempt = async (port: number, token: string, clientId?: string) => {
    const c = await mqtt.connectAsync(`ws://127.0.0.1:${port}/mqtt`, {
      clientId: clientId ?? (await clientIdOf(token)),
      username: 'web',
      password: token,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    // closed at the end even when a test expected a refusal and did not get it
    clients.push(c);
    return c;
  };
  const browser = attempt;
  const inbox = (c: mqtt.MqttClient) => {
    const received: { topic: string; payload: any }[] = [];
    c.on('message', (topic, payload) => received.push({ topic, payload: JSON.parse(payload.toString()) }));
    return received;
  };
  const closed = (c: mqtt.MqttClient) => new Promise<void>((resolve) => c.once('close', () => resolve()));
  /** A plain client of the broker (a worker's connection, or someone else's), kept to be closed at the end. */
  const brokerClient = async (url: string, opts: mqtt.IClientOptions = {}) => {
    const c = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5000, ...opts });
    clients.push(c);
    return c;
  };
  const tokenFor = async (user: TestUser, ttlSeconds: number) => {
    const claims = await t().ctx.tokens.verifyAccess(user.token);
    return t().ctx.tokens.issueAccess(claims, ttlSeconds);
  };
  return { clientIdOf, attempt, browser, inbox, closed, brokerClient, tokenFor, endClients };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('push: client ids are the server’s', () => {
  const t = useTestApp({ START_JOBS: 'false', JWT_SECRET });
  const { clientIdOf, attempt, browser, inbox } = browsers(t);
  let port: number;
  let org: TestOrg;
  let other: TestOrg;

  beforeAll(async () => {
    await t().built.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t().built.app.server.address() as AddressInfo).port;
    [org, other] = [await t().newOrg(), await t().newOrg()];
  });

  it('each call issues a new id bound to the session; an id the server did not issue is refused (CONNACK 2)', async () => {
    const [a, b] = [await clientIdOf(org.seat.token), await clientIdOf(org.seat.token)];
    expect(a).not.toBe(b);
    expect(a).toMatch(/^web-[\w-]{12}-[\w-]{22}$/);
    // two tabs of one session, each with its own id
    const [one, two] = [await browser(port, org.seat.token, a), await browser(port, org.seat.token, b)];
    expect(one.connected && two.connected).toBe(true);
    const tampered = `${a.slice(0, -1)}${a.endsWith('A') ? 'B' : 'A'}`;
    for (const id of [`web-${org.seat.userId}-12345678`, '', tampered]) {
      await expect(attempt(port, org.seat.token, id), id).rejects.toMatchObject({ code: 2 });
    }
    // an id issued to the same user's other sign-in (another session) is not this session's
    const again = await t().login(org.seat.username);
    await expect(attempt(port, again.token, a)).rejects.toMatchObject({ code: 2 });
    // an invalid token is still refused as a bad password, whatever the id
    await expect(attempt(port, 'not-a-token', a)).rejects.toMatchObject({ code: 4 });
  });

  it("connecting with another user's client id is refused, and the victim stays connected and keeps its messages", async () => {
    const victimId = await clientIdOf(org.seat.token);
    const victim = await browser(port, org.seat.token, victimId);
    const own = userTopic(org.orgId, org.seat.userId);
    await victim.subscribeAsync(own);
    const got = inbox(victim);
    let victimClosed = false;
    victim.on('close', () => {
      victimClosed = true;
    });
    // a user of another organisation, and a colleague, each with a valid token of their own
    for (const intruder of [other.seat, org.otherSeat, org.admin])
      await expect(attempt(port, intruder.token, victimId)).rejects.toMatchObject({ code: 2 });
    await pause(300);
    expect(victimClosed).toBe(false);
    expect(victim.connected).toBe(true);
    await t().ctx.push.publish(own, message('仍然在线'));
    await expect.poll(() => got.length, { timeout: 5000 }).toBe(1);
    expect(got[0].payload.title).toBe('仍然在线');
  });

  it('the id stays valid across the session’s token renewals (a reconnect after expiry)', async () => {
    const id = await clientIdOf(org.manager.token);
    const claims = await t().ctx.tokens.verifyAccess(org.manager.token);
    const renewed = await t().ctx.tokens.issueAccess(claims, 600);
    const c = await browser(port, renewed, id);
    expect(c.connected).toBe(true);
  });
});

describe.skipIf(!broker)('push: API processes relaying through an external broker', () => {
  // App A from the harness; app B another API process on the same database, both on the protected Mosquitto.
  const b = broker as TestMosquitto;
  const t = useTestApp(broker ? mqttEnv(b) : {});
  const { attempt, browser, inbox, closed, brokerClient, tokenFor, endClients } = browsers(t);
  const extraApps: BuiltApp[] = [];
  let portA: number;
  let portB: number;
  let appB: BuiltApp;
  let org: TestOrg;
  let other: TestOrg;

  /** Another API process on A's database (its own Fastify, Aedes and broker connection). */
  const anotherProcess = async (env: Record<string, string>) => {
    const config = loadConfig({ ...process.env, DATA_DIR: ':memory:', LOG_LEVEL: 'silent', ...env });
    const built = await buildApp(config, t().database, { logger: false, startJobs: false });
    extraApps.push(built);
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    return { built, port: (built.app.server.address() as AddressInfo).port };
  };
  /** The product's own account on the broker (what a worker process connects with). */
  const asProduct = () => brokerClient(b.url, { username: b.username, password: b.password });

  beforeAll(async () => {
    await t().built.app.listen({ port: 0, host: '127.0.0.1' });
    portA = (t().built.app.server.address() as AddressInfo).port;
    ({ built: appB, port: portB } = await anotherProcess(mqttEnv(b)));
    [org, other] = [await t().newOrg(), await t().newOrg()];
  });
  afterAll(async () => {
    // the browsers first: a process closing waits for its connections
    await endClients();
    for (const a of extraApps) await a.close();
  });

  it('both processes report the external broker healthy', async () => {
    for (const app of [t().built.app, appB.app]) {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      expect(res.json().push).toEqual({ ok: true, kind: 'external' });
    }
  });

  it('a notice saved through process A reaches the browser signed in on process B, once, and on A once', async () => {
    const onB = await browser(portB, org.seat.token);
    const onA = await browser(portA, org.seat.token);
    const own = userTopic(org.orgId, org.seat.userId);
    await onB.subscribeAsync(own);
    await onA.subscribeAsync(own);
    const [gotB, gotA] = [inbox(onB), inbox(onA)];
    const res = await t().call(
      contract.notice.save,
      { title: '跨进程公告', content: '从 A 保存，B 上收到' },
      { token: org.admin.token },
    );
    expect(res.code).toBe(1);
    await expect.poll(() => gotB.length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    expect(gotB[0]).toMatchObject({ topic: own, payload: { title: '跨进程公告', msgType: 'notice', type: 'message' } });
    await expect.poll(() => gotA.length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    // publishing goes only through the broker: no second copy straight from A's own Aedes
    await pause(500);
    expect(gotA.filter((m) => m.payload.title === '跨进程公告')).toHaveLength(1);
    expect(gotB.filter((m) => m.payload.title === '跨进程公告')).toHaveLength(1);
  });

  it('a message another process publishes (as a worker does) reaches the browsers of every API process', async () => {
    const onB = await browser(portB, org.manager.token);
    await onB.subscribeAsync(orgTopic(org.orgId));
    const got = inbox(onB);
    const counts = { type: 'unread', unreadCount: 1, aiUnreadCount: 0, totalUnreadCount: 1 } as const;
    await t().ctx.push.publish(orgTopic(org.orgId), counts);
    await expect.poll(() => got.length, { timeout: 5000 }).toBe(1);
    expect(got[0]).toEqual({ topic: orgTopic(org.orgId), payload: counts });
  });

  it('what the product publishes on the broker is signed; unsigned messages, even with its credentials, are dropped', async () => {
    const own = userTopic(org.orgId, org.manager.userId);
    const onB = await browser(portB, org.manager.token);
    await onB.subscribeAsync(own);
    const got = inbox(onB);
    const spy = await asProduct();
    const onBroker: string[] = [];
    await spy.subscribeAsync(own, { qos: 1 });
    spy.on('message', (_t, payload) => onBroker.push(payload.toString()));
    // someone holding the broker account but not the installation's secret
    await spy.publishAsync(own, JSON.stringify({ type: 'message', title: '无签名' }), { qos: 1 });
    await t().ctx.push.publish(own, message('有签名'));
    await expect.poll(() => got.length, { timeout: 5000 }).toBe(1);
    await pause(300);
    expect(got.map((m) => m.payload.title)).toEqual(['有签名']);
    const signed = JSON.parse(onBroker.find((p) => p.includes('有签名')) as string);
    expect(signed).toMatchObject({ v: 1, body: JSON.stringify(message('有签名')) });
    expect(signed.sig).toMatch(/^[\w-]{43}$/);
  });

  it("a browser may read only its own topics: another user's, organisation's, wildcards and control are refused", async () => {
    const seat = await browser(portB, org.seat.token);
    for (const topic of [
      userTopic(org.orgId, org.otherSeat.userId),
      userTopic(other.orgId, other.seat.userId),
      orgTopic(other.orgId),
      `crm/${org.orgId}/user/+`,
      'crm/#',
      '#',
      DISCONNECT_TOPIC,
    ]) {
      // SUBACK 128: mqtt.js rejects the subscription, the connection stays
      await expect(seat.subscribeAsync(topic), topic).rejects.toThrow(/Subscribe error/);
    }
    expect(seat.connected).toBe(true);
    const granted = await seat.subscribeAsync([userTopic(org.orgId, org.seat.userId), orgTopic(org.orgId)]);
    expect(granted.map((g) => g.qos)).toEqual([0, 0]);
  });

  it('a browser cannot publish: the attempt closes its connection and nobody receives it', async () => {
    const victim = await browser(portA, org.otherSeat.token);
    const victimTopic = userTopic(org.orgId, org.otherSeat.userId);
    await victim.subscribeAsync(victimTopic);
    const got = inbox(victim);
    const spy = await asProduct();
    const onBroker: string[] = [];
    await spy.subscribeAsync(victimTopic, { qos: 1 });
    spy.on('message', (_topic, payload) => onBroker.push(payload.toString()));

    const seat = await browser(portB, org.seat.token);
    const gone = closed(seat);
    seat.publish(victimTopic, JSON.stringify({ type: 'message', title: '伪造' }), { qos: 1 });
    await gone;
    await pause(500);
    expect(got).toEqual([]);
    expect(onBroker.filter((p) => p.includes('伪造'))).toEqual([]);
  });

  it("another user's client id is refused on every process; the victim stays connected", async () => {
    const victimId = (await t().call(contract.notice.pushClient, undefined, { token: org.seat.token })).data.clientId;
    const victim = await browser(portA, org.seat.token, victimId);
    for (const port of [portA, portB])
      await expect(attempt(port, other.admin.token, victimId)).rejects.toMatchObject({ code: 2 });
    await pause(300);
    expect(victim.connected).toBe(true);
  });

  it('an expired token is refused; a live connection is closed when its token expires', async () => {
    const expired = await tokenFor(org.seat, 0);
    const id = (await t().call(contract.notice.pushClient, undefined, { token: org.seat.token })).data.clientId;
    await expect(attempt(portB, expired, id)).rejects.toMatchObject({ code: 4 });

    const shortLived = await browser(portB, await tokenFor(org.seat, 2));
    const started = Date.now();
    await closed(shortLived);
    const after = Date.now() - started;
    expect(after).toBeGreaterThan(500);
    expect(after).toBeLessThan(4000);
  });

  it('a user disabled by an administrator is disconnected on both processes and refused on reconnect', async () => {
    const victimOrg = await t().newOrg();
    const token = victimOrg.seat.token;
    const id = (await t().call(contract.notice.pushClient, undefined, { token })).data.clientId;
    const [onA, onB] = [await browser(portA, token), await browser(portB, token)];
    const colleague = await browser(portB, victimOrg.otherSeat.token);
    const goneA = closed(onA);
    const goneB = closed(onB);
    // the administrator works on process A; process B hears of it through the broker
    const res = await t().call(
      contract.users.updateStatus,
      { id: victimOrg.seat.userId, status: 2 },
      { token: victimOrg.admin.token },
    );
    expect(res.code).toBe(1);
    await Promise.all([goneA, goneB]);
    for (const port of [portA, portB]) await expect(attempt(port, token, id)).rejects.toMatchObject({ code: 5 });
    // the colleague's connection is untouched
    await pause(300);
    expect(colleague.connected).toBe(true);
  });

  it('anonymous clients and wrong passwords are refused by the broker', async () => {
    await expect(mqtt.connectAsync(b.url, { reconnectPeriod: 0, connectTimeout: 3000 })).rejects.toMatchObject({
      code: 5,
    });
    await expect(
      mqtt.connectAsync(b.url, { username: 'crm', password: 'wrong', reconnectPeriod: 0, connectTimeout: 3000 }),
    ).rejects.toMatchObject({ code: 5 });
  });

  it('a server without the right credentials does not start, and says which broker refused it', async () => {
    const noCredentials = { MQTT_URL: b.url, JWT_SECRET, START_JOBS: 'false' };
    await expect(anotherProcess(noCredentials)).rejects.toThrow(/127\.0\.0\.1.*Not authorized/);
    await expect(anotherProcess({ ...noCredentials, MQTT_USERNAME: 'crm', MQTT_PASSWORD: 'wrong' })).rejects.toThrow(
      /Not authorized/,
    );
  });

  describe('a broker that accepts anonymous clients', () => {
    let open: TestMosquitto;
    beforeAll(async () => {
      open = await startMosquitto({ anonymous: true });
    });
    afterAll(async () => {
      await open?.destroy();
    });

    it('the product refuses to start on it, and says why and how to override', async () => {
      const error = await anotherProcess(mqttEnv(open)).catch((err: Error) => err);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toContain(`MQTT broker at mqtt://127.0.0.1:${open.port}`);
      expect((error as Error).message).toMatch(
        /accepts anonymous clients.*allow_anonymous false.*MQTT_ALLOW_ANONYMOUS_BROKER=true.*MQTT 代理允许匿名连接，服务拒绝启动/,
      );
      // credentials of its own do not change that the broker lets anyone else in
      await expect(anotherProcess(mqttEnv(open, { MQTT_USERNAME: 'crm', MQTT_PASSWORD: 'x' }))).rejects.toThrow(
        /accepts anonymous clients/,
      );
    });

    it('with MQTT_ALLOW_ANONYMOUS_BROKER=true it starts; forged notices and disconnect orders reach nobody, genuine ones do', async () => {
      const env = mqttEnv(open, { MQTT_ALLOW_ANONYMOUS_BROKER: 'true' });
      const [c, d] = [await anotherProcess(env), await anotherProcess(env)];
      expect((await d.built.app.inject({ method: 'GET', url: '/healthz' })).json().push).toEqual({
        ok: true,
        kind: 'external',
      });
      const victimTopic = userTopic(org.orgId, org.seat.userId);
      const seat = await browser(d.port, org.seat.token);
      await seat.subscribeAsync([victimTopic, orgTopic(org.orgId)]);
      const got = inbox(seat);
      let seatClosed = false;
      seat.on('close', () => {
        seatClosed = true;
      });

      // anyone: reads what passes (the reason the start is refused by default) and publishes
      const intruder = await brokerClient(open.url);
      const captured: { topic: string; raw: Buffer }[] = [];
      intruder.on('message', (topic, raw) => captured.push({ topic, raw }));
      await intruder.subscribeAsync('crm/#', { qos: 1 });
      const forged = { ...message('伪造公告'), content: '请点击链接' };
      await intruder.publishAsync(victimTopic, JSON.stringify(forged), { qos: 1 });
      await intruder.publishAsync(orgTopic(org.orgId), JSON.stringify(forged), { qos: 1 });
      await intruder.publishAsync(DISCONNECT_TOPIC, JSON.stringify({ orgId: org.orgId, userId: org.seat.userId }), {
        qos: 1,
      });
      // an envelope of the right shape with a made-up signature
      const fakeEnvelope = { v: 1, ts: Date.now(), n: 'x', body: JSON.stringify(forged), sig: 'A'.repeat(43) };
      await intruder.publishAsync(victimTopic, JSON.stringify(fakeEnvelope), { qos: 1 });
      // a process of another installation (another JWT_SECRET) on the same broker
      const stranger = await anotherProcess({ ...env, JWT_SECRET: 'another-installation' });
      await stranger.built.ctx.push.publish(victimTopic, forged);
      await stranger.built.ctx.push.disconnectUser(org.orgId, org.seat.userId);
      await pause(800);
      expect(got).toEqual([]);
      expect(seatClosed).toBe(false);
      expect(seat.connected).toBe(true);

      // genuine: a notice published by process C reaches the browser on D, once
      await c.built.ctx.push.publish(victimTopic, message('真实公告'));
      await expect.poll(() => got.length, { timeout: 5000 }).toBe(1);
      expect(got[0].payload.title).toBe('真实公告');

      // the genuine message, captured on the broker and published again, or moved to another topic: dropped
      const genuine = captured.find((m) => m.raw.toString().includes('真实公告'));
      expect(genuine).toBeTruthy();
      await intruder.publishAsync(victimTopic, (genuine as { raw: Buffer }).raw, { qos: 1 });
      await intruder.publishAsync(orgTopic(org.orgId), (genuine as { raw: Buffer }).raw, { qos: 1 });
      await pause(800);
      expect(got).toHaveLength(1);
      expect(seat.connected).toBe(true);

      // a genuine disconnect order from process C closes the browser on D
      const gone = closed(seat);
      await c.built.ctx.push.disconnectUser(org.orgId, org.seat.userId);
      await gone;
    });
  });

  describe('while the broker is away', () => {
    let own: TestMosquitto;
    beforeAll(async () => {
      own = await startMosquitto();
    });
    afterAll(async () => {
      await own?.destroy();
    });

    it('publishing fails at once and health says so; when it is back the relay resumes', async () => {
      const env = mqttEnv(own);
      const [c, d] = [await anotherProcess(env), await anotherProcess(env)];
      const seat = await browser(d.port, org.seat.token);
      await seat.subscribeAsync(userTopic(org.orgId, org.seat.userId));
      const got = inbox(seat);
      // /healthz's push part (these processes run no job workers, so the whole answer is 503 anyway)
      const health = async () => (await c.built.app.inject({ method: 'GET', url: '/healthz' })).json().push.ok;

      await own.stop();
      await expect.poll(health, { timeout: 5000 }).toBe(false);
      await expect(c.built.ctx.push.publish(userTopic(org.orgId, org.seat.userId), message('无代理'))).rejects.toThrow(
        /not connected/,
      );
      // the browser's own connection to process D is not the broker's: it stays
      expect(seat.connected).toBe(true);

      await own.start();
      await expect.poll(health, { timeout: 10_000 }).toBe(true);
      await expect.poll(() => d.built.ctx.push.healthy(), { timeout: 10_000 }).toBe(true);
      await c.built.ctx.push.publish(userTopic(org.orgId, org.seat.userId), message('代理恢复'));
      await expect.poll(() => got.length, { timeout: 5000 }).toBe(1);
      expect(got[0].payload.title).toBe('代理恢复');
    });
  });
});
