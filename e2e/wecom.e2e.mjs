// Scenarios of the WeCom integration (issue 29) against the local fake WeCom server (no real WeCom): at a phone's
// viewport (390×844) inside the WeCom client (its user agent, the JS-SDK's bridge stubbed in the page), the OAuth2
// sign-in of a bound member straight into the chat sidebar, the sidebar for a known contact (its lead, follow-ups,
// AI briefing) and for an unknown one (made a lead in one tap), and an unbound member binding on /userBindOrg; at a
// desktop's, the configuration, the connection test, the syncs and binding on 企微员工 / 企微客户.
import assert from 'node:assert/strict';
import { startFakeWeCom } from '../server/src/modules/wecom/testing/fakeWecom.ts';

const CORP = 'ww-e2e-corp';
const AGENT_SECRET = 'agent-secret-e2e';
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const WXWORK_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.20 MicroMessenger/7.0.1 Language/zh';
const KNOWN_PHONE = '16600000001';
const NEW_PHONE = '16600000002';

let fake;
export async function serverEnv() {
  fake ??= await startFakeWeCom({
    corpId: CORP,
    agentSecret: AGENT_SECRET,
    departments: [{ id: 1, parentid: 0, order: 1 }],
    members: [
      { userid: 'zhangsan', name: '张三', department: [1] },
      { userid: 'lisi', name: '李四', department: [1] },
    ],
    contacts: [
      {
        external_userid: 'wmKnown',
        name: '王老板',
        follow: [{ userid: 'zhangsan', remark: '王总', remark_mobiles: [KNOWN_PHONE] }],
      },
      {
        external_userid: 'wmNew',
        name: '陈女士',
        follow: [{ userid: 'zhangsan', remark: '陈姐', remark_mobiles: [NEW_PHONE] }],
      },
      { external_userid: 'wmLisi', name: '李四的客户', follow: [{ userid: 'lisi' }] },
    ],
  });
  return {};
}

/** A call from Node with a token (the set-up a scenario does not click through). */
async function api(baseUrl, token, path, body, method = 'POST') {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      authorization: token ?? '',
      'x-support-features': 'standard-HTTP-status',
    },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  const a = await res.json();
  assert.equal(a.code, 1, `${path}: ${a.code} ${a.msg}`);
  return a.data;
}

const signIn = (baseUrl, account) =>
  api(baseUrl, null, '/api/backend/loginController/webLogin', { account, password: 'admin@123' });

async function waitSynced(baseUrl, token, kind) {
  const until = Date.now() + 60_000;
  for (;;) {
    const s = (await api(baseUrl, token, '/api/wecom/wecom/syncStatus'))[kind];
    if (s.status === 2) return s;
    assert.ok(s.status !== 3 && Date.now() < until, `sync ${kind}: ${s.message}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/**
 * The organisation set up through the API: configured against the fake, on, staff synced, 张三 bound to seat01, a
 * lead of seat01 with 王总's remark mobile, customers synced. Answers the organisation and the seat.
 */
async function setUp(baseUrl) {
  const admin = await signIn(baseUrl, 'admin');
  const seat = await signIn(baseUrl, 'seat01');
  const t = admin.token;
  await api(baseUrl, t, '/api/wecom/wecom/saveWeComConfig', {
    corpId: CORP,
    agentId: '1000002',
    agentSecret: AGENT_SECRET,
    apiBaseUrl: fake.apiBase,
    oauthBaseUrl: fake.url,
  });
  await api(baseUrl, t, '/api/wecom/wecom/openWeComConfig', { open: 1 });
  await api(baseUrl, t, '/api/wecom/wecom/updateWeComUser');
  await waitSynced(baseUrl, t, 'user');
  await api(baseUrl, t, '/api/robot/wechatUser/bindUser', { userid: 'zhangsan', crmUserId: seat.userId });
  // (an earlier scenario on the same server may have made it)
  await api(baseUrl, seat.token, '/api/robot/organizationClue/add', { name: '王总的线索', phone: KNOWN_PHONE }).catch(
    (e) => assert.match(e.message, /409/),
  );
  await api(baseUrl, t, '/api/wecom/wecom/updateWeComCustom');
  await waitSynced(baseUrl, t, 'customer');
  return { orgId: admin.organizationId, admin, seat };
}

/**
 * The WeCom client's JS bridge, as @wecom/jssdk talks to it: config and agentConfig succeed (their signatures kept
 * for the test), the page is opened from a single chat's toolbar, the chat's contact is the one in localStorage.
 */
function stubBridge() {
  const calls = [];
  window.__wwCalls = calls;
  window.WeixinJSBridge = {
    on() {},
    invoke(name, params, cb) {
      calls.push({ name, params });
      const answer = {
        preVerifyJSAPI: { err_msg: 'preVerifyJSAPI:ok' },
        agentConfig: { err_msg: 'agentConfig:ok' },
        getContext: { err_msg: 'getContext:ok', entry: 'single_chat_tools' },
        getCurExternalContact: {
          err_msg: 'getCurExternalContact:ok',
          userId: localStorage.getItem('e2e.externalUserId') ?? '',
        },
      }[name] ?? { err_msg: `${name}:fail function not exist` };
      setTimeout(() => cb(answer), 0);
    },
  };
}

export default [
  {
    name: '企业微信（桌面）：配置、测试连接、同步员工与客户、员工绑定与客户关联',
    async run({ page, baseUrl, login, shot, settle }) {
      await login('admin');
      await page.goto(`${baseUrl}/main/weChatStaff`);
      await page.getByRole('tab', { name: '企业微信配置' }).click();
      await page.getByLabel('企业 ID').fill(CORP);
      await page.getByLabel('应用 AgentId').fill('1000002');
      await page.getByLabel('应用 Secret').fill(AGENT_SECRET);
      await page.getByRole('button', { name: /获\s?取/ }).click();
      await page.getByLabel('接口地址').fill(fake.apiBase);
      await page.getByLabel('授权地址').fill(fake.url);
      await page
        .getByRole('button', { name: '保 存' })
        .or(page.getByRole('button', { name: '保存' }))
        .click();
      await page.getByText('已保存').first().waitFor();
      await page.getByRole('button', { name: '测试连接' }).click();
      await page.getByText('连接正常').waitFor();
      await shot('config-tested', page);
      await page.getByRole('switch').click();
      await settle();
      await page.getByRole('button', { name: /确\s?定/ }).click();
      await page.getByText('已开启').waitFor();

      await page.getByRole('tab', { name: '企微员工' }).click();
      await page.getByRole('button', { name: '同步员工' }).click();
      await page
        .getByTestId('sync-user')
        .getByText('已完成')
        .or(page.getByTestId('sync-user').getByText('同步完成'))
        .first()
        .waitFor({ timeout: 60_000 });
      await page.reload();
      const row = page.locator('tr').filter({ hasText: 'zhangsan' });
      await row.waitFor();
      await row
        .getByRole('button', { name: '绑定' })
        .or(row.getByText('绑定', { exact: true }))
        .first()
        .click();
      await settle();
      const dialog = page.getByRole('dialog');
      await dialog.locator('.ant-select').click();
      await page.locator('.ant-select-item-option').first().click();
      await dialog.getByRole('button', { name: /确\s?定/ }).click();
      await page.getByText('已绑定').first().waitFor();
      await row.getByText('手动绑定').waitFor();
      await shot('staff-bound', page);

      await page.getByRole('button', { name: '同步客户' }).click();
      await page
        .getByTestId('sync-customer')
        .getByText('已完成')
        .or(page.getByTestId('sync-customer').getByText('同步完成'))
        .first()
        .waitFor({ timeout: 60_000 });
      await page.goto(`${baseUrl}/main/weChatCustomer`);
      await page.locator('tr').filter({ hasText: '王老板' }).waitFor();
      await shot('customers', page);
    },
  },
  {
    name: '企业微信（手机）：OAuth2 登录进入聊天侧边栏，已知客户的线索与 AI 摘要，未知客户一键建为线索',
    async run({ newContext, baseUrl, shot }) {
      const { orgId, seat } = await setUp(baseUrl);
      await api(baseUrl, seat.token, '/api/robot/interactive/addFollowRecord', {
        clueId: (
          await api(baseUrl, seat.token, '/api/wecom/sidebar/getCustomerDetailInWechat', { externalUserid: 'wmKnown' })
        ).clueId,
        content: '微信上约了周五上门演示',
      });
      const context = await newContext({ ...PHONE, userAgent: WXWORK_UA });
      await context.addInitScript(stubBridge);
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${baseUrl}/weComAuth`);
      await page.evaluate(() => localStorage.setItem('e2e.externalUserId', 'wmKnown'));

      // no session: the sidebar signs in through WeCom's OAuth2 (the fake's authorize page) as 张三 → seat01
      fake.oauthUser = 'zhangsan';
      await page.goto(`${baseUrl}/weComSidebar/customerAnalysis?org=${orgId}`);
      await page.waitForURL(/\/weComSidebar\/customerAnalysis\?org=/);
      await page.getByTestId('contact-name').getByText('王总').waitFor();
      await page.getByTestId('lead-name').getByText('王总的线索').waitFor();
      await page.getByTestId('recent-follows').getByText('微信上约了周五上门演示').waitFor();
      await page.getByTestId('briefing').waitFor();
      const me = await page.evaluate(async () => {
        const r = await fetch('/api/backend/loginController/getUserInfoByToken', {
          headers: { authorization: sessionStorage.getItem('token') ?? '' },
        });
        return (await r.json()).data;
      });
      assert.equal(me.userId, seat.userId);
      // the page registered with WeCom: config and agentConfig signed by /jsapi/signature for this address
      const bridge = await page.evaluate(() => window.__wwCalls.map((c) => ({ name: c.name, p: c.params })));
      // (WeCom 3.0.24 and later take agentConfig alone; older clients get config first)
      const agent = bridge.find((c) => c.name === 'agentConfig');
      assert.ok(agent, JSON.stringify(bridge.map((c) => c.name)));
      assert.deepEqual([agent.p.corpid, agent.p.agentid], [CORP, '1000002']);
      assert.match(agent.p.signature, /^[0-9a-f]{40}$/);
      assert.deepEqual(
        bridge.map((c) => c.name).filter((n) => n.startsWith('get')),
        ['getContext', 'getCurExternalContact'],
      );
      await shot('sidebar-known', page);

      // an unknown contact: no lead yet, its remark mobile proposed; one tap makes the lead
      await page.evaluate(() => localStorage.setItem('e2e.externalUserId', 'wmNew'));
      await page.reload();
      await page.getByTestId('contact-name').getByText('陈姐').waitFor();
      await page.getByTestId('no-lead').waitFor();
      assert.equal(await page.getByTestId('lead-phone').locator('input').inputValue(), NEW_PHONE);
      await shot('sidebar-unknown', page);
      await page.getByTestId('create-lead').tap();
      await page.getByTestId('lead-name').getByText('陈姐').waitFor();
      await page.getByTestId('recent-calls').getByText('暂无数据').waitFor();
      await shot('sidebar-created', page);
      const made = await api(baseUrl, seat.token, '/api/wecom/sidebar/getCustomerDetailInWechat', {
        externalUserid: 'wmNew',
      });
      const lead = await api(baseUrl, seat.token, '/api/robot/organizationClue/detail', { clueId: made.clueId });
      assert.equal(lead.importWay, 11);

      // a contact of another member is not the seat's
      await page.evaluate(() => localStorage.setItem('e2e.externalUserId', 'wmLisi'));
      await page.reload();
      await page.getByText('企微客户不存在').first().waitFor();
      assert.deepEqual(errors, []);
      await context.close();
    },
  },
  {
    name: '企业微信（手机）：未绑定的成员经 OAuth2 进入绑定页，用账号密码绑定后登录',
    async run({ newContext, baseUrl, shot }) {
      const { orgId } = await setUp(baseUrl);
      const context = await newContext({ ...PHONE, userAgent: WXWORK_UA });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      fake.oauthUser = 'lisi';
      await page.goto(`${baseUrl}/weComAuth?org=${orgId}&redirect=${encodeURIComponent('/weComApp/user')}`);
      await page.waitForURL(/\/userBindOrg\/userBindOrg$/);
      await page.getByLabel('账号', { exact: true }).fill('manager');
      await page.getByLabel('密码', { exact: true }).fill('admin@123');
      await shot('bind', page);
      await page.getByRole('button', { name: '绑定并登录' }).tap();
      await page.waitForURL(/\/weComApp\/user$/);
      await page.getByTestId('user-card').waitFor();
      // bound now: the next sign-in goes straight in
      await page.evaluate(() => sessionStorage.clear());
      await page.goto(`${baseUrl}/weComAuth?org=${orgId}&redirect=${encodeURIComponent('/weComApp/user')}`);
      await page.waitForURL(/\/weComApp\/user$/);
      await context.close();
    },
  },
];
