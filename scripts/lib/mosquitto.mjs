// A Mosquitto of a test's own (the push tests, the chaos cluster, the two-process e2e scenario): its configuration,
// password file and ACL in a temporary folder, on a free loopback port; stop() ends it and removes the folder.
// `anonymous: false` (the default) is the shape the README asks for: allow_anonymous false, the product's user `crm`
// with a generated password, limited to crm/#. `anonymous: true` is a broker that lets anyone in.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort, sleep } from './processes.mjs';

const bin = (name) => [`/usr/sbin/${name}`, `/usr/bin/${name}`].find((p) => existsSync(p)) ?? name;

const listening = (port) =>
  new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    const done = (up) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(1000);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });

export async function startMosquitto({ anonymous = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'crm-mosquitto-'));
  const port = await freePort();
  const username = 'crm';
  const password = randomBytes(12).toString('hex');
  const lines = [
    `listener ${port} 127.0.0.1`,
    // as root Mosquitto would switch to its own user, which cannot read this private folder
    `user ${userInfo().username}`,
    'persistence false',
    'log_dest stderr',
  ];
  if (anonymous) lines.push('allow_anonymous true');
  else {
    execFileSync(bin('mosquitto_passwd'), ['-c', '-b', join(dir, 'passwd'), username, password]);
    writeFileSync(join(dir, 'acl'), `user ${username}\ntopic readwrite crm/#\n`);
    lines.push('allow_anonymous false', `password_file ${join(dir, 'passwd')}`, `acl_file ${join(dir, 'acl')}`);
  }
  writeFileSync(join(dir, 'mosquitto.conf'), `${lines.join('\n')}\n`);

  let child = null;
  const broker = {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    username: anonymous ? undefined : username,
    password: anonymous ? undefined : password,
    /** MQTT_URL, MQTT_USERNAME, MQTT_PASSWORD of the product's processes. */
    env: anonymous
      ? { MQTT_URL: `mqtt://127.0.0.1:${port}` }
      : { MQTT_URL: `mqtt://127.0.0.1:${port}`, MQTT_USERNAME: username, MQTT_PASSWORD: password },
    get pid() {
      return child?.pid;
    },
    /** Starts (again) the broker; resolves when it listens. */
    async start() {
      child = spawn(bin('mosquitto'), ['-c', join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
      const started = child;
      const deadline = Date.now() + 10_000;
      while (!(await listening(port))) {
        if (started.exitCode !== null || Date.now() > deadline) throw new Error(`Mosquitto on ${port} did not start`);
        await sleep(100);
      }
    },
    /** Stops the broker (SIGTERM); the folder stays for a start() again. */
    async stop() {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      await exited;
    },
    /** Stops the broker and removes its folder. */
    async destroy() {
      await broker.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await broker.start();
  return broker;
}
