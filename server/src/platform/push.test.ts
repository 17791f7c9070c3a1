import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createConnection, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../app';
import { type TestOrg, type TestUser, useTestApp } from '../test/harness';
import { loadConfig } from './config';
import { orgTopic, userTopic } from './push';

/**
 * Push in the scaled shape: API processes relaying between an external broker and their own /mqtt browsers. Runs
 * against the machine's Mosquitto (127.0.0.1:1883, anonymous) and a second Mosquitto started here that refuses
 * anonymous clients.
 */

const B = '/api/backend';
const SHARED_BROKER = { host: '127.0.0.1', port: 1883 };
const JWT_SECRET = `push-test-${randomBytes(8).toString('hex')}`;

const listening = (port: number, host = '127.0.0.1') =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(1000);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });

const brokerUp = await listening(SHARED_BROKER.port, SHARED_BROKER.host);
if (!brokerUp)
  console.warn(
    `push.test.ts: nothing listens at ${SHARED_BROKER.host}:${SHARED_BROKER.port} (Mosquitto): the external-broker tests are skipped`,
  );

const mqttEnv = (url: string, extra: Record<string, string> = {}) => ({
  MQTT_URL: url,
  JWT_SECRET,
  START_JOBS: 'false',
  ...extra,
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe.skipIf(!brokerUp)('push: API processes relaying through an external broker', () => {
  // App A from the harness; app B another API process on the same database, both on the machine's Mosquitto.
  const t = useTestApp(mqttEnv(`mqtt://${SHARED_BROKER.host}:${SHARED_BROKER.port}`));
  const clients: mqtt.MqttClient[] = [];
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

  beforeAll(async () => {
    await t().built.app.listen({ port: 0, host: '127.0.0.1' });
    portA = (t().built.app.server.address() as AddressInfo).port;
    ({ built: appB, port: portB } = await anotherProcess(mqttEnv(`mqtt://${SHARED_BROKER.host}:1883`)));
    [org, other] = [await t().newOrg(), await t().newOrg()];
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    for (const a of extraApps) await a.close();
  });

  /** A browser: MQTT over WebSocket at /mqtt of one process, the access token as password, no reconnect. */
  const attempt = (port: number, token: string) =>
    mqtt.connectAsync(`ws://127.0.0.1:${port}/mqtt`, {
      username: 'web',
      password: token,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
  const browser = async (port: number, token: string) => {
    const c = await attempt(port, token);
    clients.push(c);
    return c;
  };
  const inbox = (c: mqtt.MqttClient) => {
    const received: { topic: string; payload: any }[] = [];
    c.on('message', (topic, payload) => received.push({ topic, payload: JSON.parse(payload.toString()) }));
    return received;
  };
  const closed = (c: mqtt.MqttClient) => new Promise<void>((resolve) => c.once('close', () => resolve()));
  /** The broker connection a worker process has: publishes straight to the broker. */
  const workerConnection = async () => {
    const c = await mqtt.connectAsync(`mqtt://${SHARED_BROKER.host}:${SHARED_BROKER.port}`, { reconnectPeriod: 0 });
    clients.push(c);
    return c;
  };
  const tokenFor = async (user: TestUser, ttlSeconds: number) => {
    const claims = await t().ctx.tokens.verifyAccess(user.token);
    return t().ctx.tokens.issueAccess(claims, ttlSeconds);
  };

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
    const res = await t().post(
      `${B}/noticeController/save`,
      { title: '跨进程公告', content: '从 A 保存，B 上收到' },
      { token: org.admin.token },
    );
    expect(res.code).toBe(1);
    await expect.poll(() => gotB.length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    expect(gotB[0]).toMatchObject({ topic: own, payload: { title: '跨进程公告', msgType: 'notice', type: 'message' } });
    await expect.poll(() => gotA.length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    // publishing goes only through the broker: no second copy straight from A's own Aedes
    await new Promise((r) => setTimeout(r, 500));
    expect(gotA.filter((m) => m.payload.title === '跨进程公告')).toHaveLength(1);
    expect(gotB.filter((m) => m.payload.title === '跨进程公告')).toHaveLength(1);
  });

  it('a message a worker process publishes on the broker reaches the browsers of every API process', async () => {
    const onB = await browser(portB, org.manager.token);
    await onB.subscribeAsync(orgTopic(org.orgId));
    const got = inbox(onB);
    const worker = await workerConnection();
    await worker.publishAsync(orgTopic(org.orgId), JSON.stringify({ type: 'unread', from: 'worker' }), { qos: 1 });
    await expect.poll(() => got.length, { timeout: 5000 }).toBe(1);
    expect(got[0]).toEqual({ topic: orgTopic(org.orgId), payload: { type: 'unread', from: 'worker' } });
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
      'crm/_control/disconnect',
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
    const spy = await workerConnection();
    const onBroker: string[] = [];
    await spy.subscribeAsync(victimTopic, { qos: 1 });
    spy.on('message', (_topic, payload) => onBroker.push(payload.toString()));

    const seat = await browser(portB, org.seat.token);
    const gone = closed(seat);
    seat.publish(victimTopic, JSON.stringify({ type: 'message', title: '伪造' }), { qos: 1 });
    await gone;
    await new Promise((r) => setTimeout(r, 500));
    expect(got).toEqual([]);
    expect(onBroker.filter((p) => p.includes('伪造'))).toEqual([]);
  });

  it('an expired token is refused; a live connection is closed when its token expires', async () => {
    const expired = await tokenFor(org.seat, 0);
    await expect(attempt(portB, expired)).rejects.toMatchObject({ code: 4 });

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
    const [onA, onB] = [await browser(portA, token), await browser(portB, token)];
    const colleague = await browser(portB, victimOrg.otherSeat.token);
    const goneA = closed(onA);
    const goneB = closed(onB);
    // the administrator works on process A; process B hears of it through the broker
    const res = await t().post(
      `${B}/userController/updateStatus`,
      { id: victimOrg.seat.userId, status: 2 },
      { token: victimOrg.admin.token },
    );
    expect(res.code).toBe(1);
    await Promise.all([goneA, goneB]);
    for (const port of [portA, portB]) await expect(attempt(port, token)).rejects.toMatchObject({ code: 5 });
    // the colleague's connection is untouched
    await new Promise((r) => setTimeout(r, 300));
    expect(colleague.connected).toBe(true);
  });

  describe('a broker that refuses anonymous clients', () => {
    let brokerPort: number;
    let broker: ChildProcess;
    let dir: string;
    const password = randomBytes(12).toString('hex');

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'crm-mosquitto-'));
      brokerPort = await freePort();
      execFileSync('mosquitto_passwd', ['-c', '-b', join(dir, 'passwd'), 'crm', password]);
      writeFileSync(join(dir, 'acl'), 'user crm\ntopic readwrite crm/#\n');
      writeFileSync(
        join(dir, 'mosquitto.conf'),
        [
          `listener ${brokerPort} 127.0.0.1`,
          'allow_anonymous false',
          `password_file ${join(dir, 'passwd')}`,
          `acl_file ${join(dir, 'acl')}`,
          // as root Mosquitto would switch to its own user, which cannot read this private directory
          `user ${userInfo().username}`,
          'persistence false',
          'log_dest stderr',
        ].join('\n'),
      );
      await startBroker();
    });
    afterAll(async () => {
      await stopBroker();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    const startBroker = async () => {
      broker = spawn('mosquitto', ['-c', join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
      const deadline = Date.now() + 10_000;
      while (!(await listening(brokerPort))) {
        if (broker.exitCode !== null || Date.now() > deadline) throw new Error('the test Mosquitto did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const stopBroker = async () => {
      if (!broker || broker.exitCode !== null) return;
      const exited = new Promise((r) => broker.once('exit', r));
      broker.kill('SIGTERM');
      await exited;
    };

    const url = () => `mqtt://127.0.0.1:${brokerPort}`;

    it('anonymous clients and wrong passwords are refused by the broker', async () => {
      await expect(mqtt.connectAsync(url(), { reconnectPeriod: 0, connectTimeout: 3000 })).rejects.toMatchObject({
        code: 5,
      });
      await expect(
        mqtt.connectAsync(url(), { username: 'crm', password: 'wrong', reconnectPeriod: 0, connectTimeout: 3000 }),
      ).rejects.toMatchObject({ code: 5 });
    });

    it('a server without the right credentials does not start, and says which broker refused it', async () => {
      await expect(anotherProcess(mqttEnv(url()))).rejects.toThrow(/127\.0\.0\.1.*Not authorized/);
      await expect(anotherProcess(mqttEnv(url(), { MQTT_USERNAME: 'crm', MQTT_PASSWORD: 'wrong' }))).rejects.toThrow(
        /Not authorized/,
      );
    });

    it('with MQTT_USERNAME / MQTT_PASSWORD the server connects and its browsers get their messages', async () => {
      const env = mqttEnv(url(), { MQTT_USERNAME: 'crm', MQTT_PASSWORD: password });
      const [c, d] = [await anotherProcess(env), await anotherProcess(env)];
      expect((await c.built.app.inject({ method: 'GET', url: '/healthz' })).json().push).toEqual({
        ok: true,
        kind: 'external',
      });
      const seat = await browser(d.port, org.seat.token);
      await seat.subscribeAsync(userTopic(org.orgId, org.seat.userId));
      const got = inbox(seat);
      await c.built.ctx.push.publish(userTopic(org.orgId, org.seat.userId), { type: 'message', title: '受保护的代理' });
      await expect.poll(() => got.length, { timeout: 5000 }).toBe(1);
      expect(got[0].payload).toEqual({ type: 'message', title: '受保护的代理' });
    });

    it('while the broker is away publishing fails at once and health says so; when it is back the relay resumes', async () => {
      const env = mqttEnv(url(), { MQTT_USERNAME: 'crm', MQTT_PASSWORD: password });
      const [c, d] = [await anotherProcess(env), await anotherProcess(env)];
      const seat = await browser(d.port, org.seat.token);
      await seat.subscribeAsync(userTopic(org.orgId, org.seat.userId));
      const got = inbox(seat);
      // /healthz's push part (these processes run no job workers, so the whole answer is 503 anyway)
      const health = async () => (await c.built.app.inject({ method: 'GET', url: '/healthz' })).json().push.ok;

      await stopBroker();
      await expect.poll(health, { timeout: 5000 }).toBe(false);
      await expect(c.built.ctx.push.publish(userTopic(org.orgId, org.seat.userId), { n: 1 })).rejects.toThrow(
        /not connected/,
      );
      // the browser's own connection to process D is not the broker's: it stays
      expect(seat.connected).toBe(true);

      await startBroker();
      await expect.poll(health, { timeout: 10_000 }).toBe(true);
      await expect.poll(() => d.built.ctx.push.healthy(), { timeout: 10_000 }).toBe(true);
      await c.built.ctx.push.publish(userTopic(org.orgId, org.seat.userId), { type: 'message', title: '代理恢复' });
      await expect.poll(() => got.length, { timeout: 5000 }).toBe(1);
      expect(got[0].payload.title).toBe('代理恢复');
    });
  });
});
