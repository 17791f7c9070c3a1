// Sign-out forgets (a call centre's shared PC): seat01 works the lead list and the softphone, signs out; seat02 signs
// in in the same tab. Every answer the page receives from then on (HTTP and WebSocket) is recorded, and none may
// carry seat01's leads (names, phones) or SIP account (number, password); the lead list, the softphone page and the
// header show seat02's data only, and the browser's storage keeps nothing of seat01's.
import assert from 'node:assert/strict';
import { startFakeRegistrar } from '../server/src/modules/telephony/testing/fakeSipRegistrar.ts';

const SIP_DOMAIN = 'pbx.crm.test';

let registrar = null;
/** A server of its own with a SIP server configured (the default e2e server has none, so no password to leak). */
export async function serverEnv() {
  registrar ??= await startFakeRegistrar(SIP_DOMAIN);
  return {
    SIP_WS_URL: registrar.url,
    SIP_DOMAIN,
    // the SIP settings belong to a configured provider; nothing is dialled here, so its API is never reached
    TELEPHONY_PROVIDER: 'cloud',
    CLOUD_CALL_API_URL: 'http://127.0.0.1:9',
    CLOUD_CALL_APP_ID: 'e2e-signout',
    CLOUD_CALL_APP_SECRET: 'e2e-signout-secret',
  };
}

/** Calls the API from the test itself (not the page, whose answers are being recorded). */
async function call(baseUrl, token, path, body = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  assert.equal(answer.code, 1, `${path}: ${answer.msg}`);
  return answer.data;
}

/** What a seat can see of its own: its leads' names and phones, its SIP account. */
async function seatData(baseUrl, account) {
  const { token } = await call(baseUrl, null, '/api/backend/loginController/webLogin', {
    account,
    password: 'admin@123',
  });
  const names = new Set();
  const phones = new Set();
  for (let pageNum = 1; ; pageNum++) {
    const page = await call(baseUrl, token, '/api/robot/organizationClue/list', { pageNum, pageSize: 100 });
    for (const lead of page.lists) {
      if (lead.name) names.add(lead.name);
      if (lead.phone) phones.add(lead.phone);
    }
    if (pageNum * 100 >= page.total || !page.lists.length) break;
  }
  const sip = await call(baseUrl, token, '/api/robot/callset/getSipAccount');
  await call(baseUrl, token, '/api/backend/loginController/logOut');
  return { names, phones, sip };
}

async function signIn(page, baseUrl, account) {
  if (!page.url().endsWith('/login')) await page.goto(`${baseUrl}/login`);
  await page.getByPlaceholder('账号 / 手机号').fill(account);
  await page.getByPlaceholder('密码').fill('admin@123');
  await page
    .getByRole('button', { name: /登\s*录/ })
    .first()
    .click();
  // the shell lands on the seat's first permitted route (我的客户) before the scenario moves on
  await page.waitForURL(/\/main\/customerManage$/);
  await page.getByTestId('side-menu').waitFor();
}

/**
 * Goes to a path inside the running app (the router follows history), never reloading the page: a reload would empty
 * every in-memory cache and prove nothing about sign-out.
 */
async function goInApp(page, path) {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
}

/** The rows of the lead table once its first rows are on screen (what a cached answer would show at once). */
async function leadRowsOnScreen(page) {
  await goInApp(page, '/main/customerManage');
  const rows = page.getByTestId('clue-table').locator('tbody tr.ant-table-row');
  await rows.first().waitFor();
  return rows.allInnerTexts();
}

/** Records every text the page puts on screen from now on (window.__shown), however briefly it stays. */
function watchScreen(page) {
  return page.evaluate(() => {
    const shown = [];
    window.__shown = shown;
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'characterData') shown.push(r.target.data);
        for (const n of r.addedNodes) shown.push(n.textContent ?? '');
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** The demo organisation's staff: their names are shown to colleagues and may equal a lead's. */
const STAFF = ['张伟', '李娜', '王强', '陈经理', '系统管理员'];

export default [
  {
    name: '换人登录：坐席退出后，下一位坐席在同一标签页登录，看不到也收不到上一位的客户与话机账号',
    async run({ page, shot, baseUrl }) {
      const [one, two] = [await seatData(baseUrl, 'seat01'), await seatData(baseUrl, 'seat02')];
      assert.ok(
        one.sip.configured && two.sip.configured,
        `both seats have a SIP account: ${JSON.stringify([one.sip.message, two.sip.message])}`,
      );
      assert.notEqual(one.sip.username, two.sip.username);
      registrar.users.set(one.sip.username, one.sip.password);
      registrar.users.set(two.sip.username, two.sip.password);
      // what is seat01's alone: seat02 may legitimately see a lead of the same name or phone
      const secretNames = [...one.names].filter((n) => !two.names.has(n) && !STAFF.includes(n));
      const secretPhones = [...one.phones].filter((p) => !two.phones.has(p));
      assert.ok(secretNames.length >= 5 && secretPhones.length >= 5, 'seat01 has leads of their own');
      assert.ok(two.names.size > 0, 'seat02 has leads of their own');
      const secrets = [
        ...secretNames.map((s) => ['lead name', s]),
        ...secretPhones.map((s) => ['lead phone', s]),
        ['SIP password', one.sip.password],
        ['SIP account', `"username":"${one.sip.username}"`],
        ['SIP address', `sip:${one.sip.username}@`],
      ];

      // seat01 works, in one page load: the softphone registers, the lead list fills the cache
      await signIn(page, baseUrl, 'seat01');
      const load = await page.evaluate(() => performance.timeOrigin);
      await goInApp(page, '/main/sipPhone');
      await page.getByTestId('sip-registration').getByText('已注册').waitFor({ timeout: 15_000 });
      await page.getByText(`坐席 ${one.sip.username} · 张伟`).waitFor();
      assert.ok(registrar.registered.has(one.sip.username));
      const before = await leadRowsOnScreen(page);
      assert.ok(
        before.some((row) => secretNames.some((n) => row.includes(n))),
        "seat01's list shows seat01's leads",
      );
      await page.getByTestId('user-menu').getByText('张伟').waitFor();
      await shot('seat01-leads');

      // seat01 signs out
      await page.getByTestId('user-menu').hover();
      await page.getByText('退出登录').click();
      await page
        .getByRole('button', { name: '退 出' })
        .or(page.getByRole('button', { name: '退出' }))
        .click();
      await page.waitForURL(/\/login$/);
      await watchScreen(page);

      // from now on every answer the page receives is recorded
      const received = [];
      const pending = [];
      page.on('response', (res) => {
        pending.push(
          res.text().then(
            (text) => received.push({ what: res.url(), text }),
            () => {}, // a redirect or an answer without a body
          ),
        );
      });
      page.on('websocket', (ws) => {
        ws.on('framereceived', ({ payload }) =>
          received.push({
            what: `${ws.url()} (frame)`,
            text: typeof payload === 'string' ? payload : payload.toString(),
          }),
        );
      });

      // seat02 signs in in the same tab: the list shows seat02's leads at once, none of seat01's
      await signIn(page, baseUrl, 'seat02');
      await page.getByTestId('user-menu').getByText('李娜').waitFor();
      const after = await leadRowsOnScreen(page);
      const shownOfOne = after.filter((row) => secretNames.some((n) => row.includes(n)));
      assert.deepEqual(shownOfOne, [], "seat01's leads are not shown to seat02");
      assert.ok(
        after.some((row) => [...two.names].some((n) => row.includes(n))),
        "seat02's list shows seat02's leads",
      );
      assert.equal(await page.getByTestId('user-menu').getByText('张伟').count(), 0, 'the header names seat02');
      await shot('seat02-leads');

      // the softphone registers with seat02's account, fetched now
      await goInApp(page, '/main/sipPhone');
      await page.getByTestId('sip-registration').getByText('已注册').waitFor({ timeout: 15_000 });
      await page.getByText(`坐席 ${two.sip.username} · 李娜`).waitFor();
      assert.equal(await page.getByText(`坐席 ${one.sip.username}`).count(), 0, "seat01's SIP account is not shown");
      assert.ok(registrar.registered.has(two.sip.username), "the registrar accepted seat02's account");
      await shot('seat02-softphone');

      // all of it happened in the page load seat01 worked in (same tab, same memory)
      assert.equal(await page.evaluate(() => performance.timeOrigin), load, 'the page was not reloaded');
      // nothing of seat01's was on screen at any moment since the sign-out
      const shown = (await page.evaluate(() => window.__shown)).join('\n');
      for (const name of secretNames) assert.ok(!shown.includes(name), `seat01's lead ${name} was shown to seat02`);
      assert.ok(!shown.includes(`坐席 ${one.sip.username}`), "seat01's SIP account was shown to seat02");

      // nothing of seat01's in the browser's storage either (per-user preferences may stay, data may not)
      const stored = await page.evaluate(() =>
        JSON.stringify([{ ...sessionStorage }, { ...localStorage }].map((s) => Object.entries(s))),
      );
      for (const [what, secret] of secrets) assert.ok(!stored.includes(secret), `storage holds seat01's ${what}`);
      assert.ok(!stored.includes(two.sip.password), "storage holds no SIP password (seat02's either)");

      await Promise.all(pending);
      assert.ok(
        received.some((r) => r.what.includes('/organizationClue/list')),
        'the lead list was fetched for seat02, not served from a cache',
      );
      assert.ok(
        received.some((r) => r.what.includes('/callset/getSipAccount')),
        "the softphone fetched seat02's account when it registered",
      );
      for (const r of received)
        for (const [what, secret] of secrets)
          assert.ok(!r.text.includes(secret), `an answer after seat02 signed in carries seat01's ${what}: ${r.what}`);
      console.log(`    ${received.length} answers recorded after the sign-out, none with seat01's data`);
    },
  },
];
