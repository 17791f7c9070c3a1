// Push in the scaled shape: two API processes on one PostgreSQL database and a Mosquitto of the scenario's own
// (a password file, no anonymous clients); a notice saved through one reaches the browser signed in on the other.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startMosquitto } from '../scripts/lib/mosquitto.mjs';
import { startServer } from './server.mjs';

const PG_ADMIN = process.env.PGURL_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/test';

async function admin(sql) {
  const client = new pg.Client({ connectionString: PG_ADMIN });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A scratch database for the two processes, dropped at the end. */
async function withScratchDatabase(run) {
  const name = `crm_e2e_push_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`).catch((err) => {
    throw new Error(`PostgreSQL at ${PG_ADMIN} is needed for the two-process push scenario: ${err.message}`);
  });
  try {
    const url = new URL(PG_ADMIN);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

/** Signs in through the API of one process; the access token. */
async function apiLogin(baseUrl, account, password = 'admin@123') {
  const res = await fetch(`${baseUrl}/api/backend/loginController/webLogin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  const body = await res.json();
  assert.equal(body.code, 1, `sign-in of ${account} on ${baseUrl}: ${body.msg}`);
  return body.data.token;
}

export default [
  {
    name: '两个 API 进程共用外部 MQTT：在 A 上发布的公告弹到 B 上登录的浏览器',
    async run({ page, shot }) {
      const broker = await startMosquitto();
      await withScratchDatabase(async (databaseUrl) => {
        const env = {
          DATABASE_URL: databaseUrl,
          ...broker.env,
          JWT_SECRET: randomBytes(24).toString('hex'),
          SECRETS_KEY: randomBytes(32).toString('base64'),
        };
        // one after the other: the first migrates and seeds, the second finds it done
        const a = await startServer({ env });
        let b;
        try {
          b = await startServer({ env });
          for (const s of [a, b]) {
            const health = await (await fetch(`${s.baseUrl}/healthz`)).json();
            assert.deepEqual(health.push, { ok: true, kind: 'external' }, `${s.baseUrl} push`);
          }

          // The browser signs in on process B; its push connection goes to /mqtt of B.
          const pushSocket = page.waitForEvent('websocket', (ws) => ws.url().includes('/mqtt'));
          const sent = [];
          page.on('websocket', (ws) => {
            if (ws.url().includes('/mqtt')) ws.on('framesent', (f) => sent.push(f.payload));
          });
          // the client id comes from the server, bound to the session (any other is refused)
          const issued = page.waitForResponse((r) => r.url().includes('/appNotice/pushClient'));
          await page.goto(`${b.baseUrl}/login`);
          await page.getByPlaceholder('账号 / 手机号').fill('seat01');
          await page.getByPlaceholder('密码').fill('admin@123');
          await page
            .getByRole('button', { name: /登\s*录/ })
            .first()
            .click();
          await page.waitForURL(/\/main\//);
          const { clientId } = (await (await issued).json()).data;
          assert.match(clientId, /^web-[\w-]{12}-[\w-]{22}$/);
          const ws = await pushSocket;
          assert.ok(ws.url().startsWith(`${b.baseUrl.replace('http', 'ws')}/mqtt`), ws.url());
          // SUBACK (packet type 9): the browser is subscribed to its topic
          await ws.waitForEvent('framereceived', {
            predicate: (f) => typeof f.payload !== 'string' && f.payload[0] >> 4 === 9,
            timeout: 15_000,
          });
          // its CONNECT (packet type 1) carried the issued id
          assert.ok(
            sent.some((p) => typeof p !== 'string' && p[0] >> 4 === 1 && Buffer.from(p).includes(clientId)),
            'CONNECT with the issued client id',
          );

          // An administrator saves a notice through process A.
          const token = await apiLogin(a.baseUrl, 'admin');
          const title = `跨进程公告 ${Date.now() % 100000}`;
          const saved = await (
            await fetch(`${a.baseUrl}/api/backend/noticeController/save`, {
              method: 'POST',
              headers: { Authorization: token, 'Content-Type': 'application/json' },
              body: JSON.stringify({
                title,
                content: '由进程 A 发布，经外部 MQTT 代理送达进程 B 的浏览器',
                publish: true,
              }),
            })
          ).json();
          assert.equal(saved.code, 1, saved.msg);

          const popup = page.getByTestId('notice-stack').locator('.notice-popup').filter({ hasText: title });
          await popup.waitFor();
          await popup.getByText('由进程 A 发布').waitFor();
          await shot('notice-on-B');
        } finally {
          await b?.stop();
          await a.stop();
        }
      }).finally(() => broker.destroy());
    },
  },
];
