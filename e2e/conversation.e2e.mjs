// Scenarios of conversations (/main/sessionArchive 会话存档, 个微员工, 个微客户, /we): a seat uploads a personal WeChat
// export, previews and saves it, opens the chat (bubbles like WeChat), has it analysed (key moments quoting their
// message), searches every message and opens a result at its message, and shares it on /we; an assistant client
// pushes signed messages, the account is bound to the administrator, and the key moment arrives as an ai_chat_key
// popup (quiet period 1 s here).
import assert from 'node:assert/strict';
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import { apiCall } from './lib/calls.mjs';
import { startServer } from './server.mjs';

const FIXTURES = join(import.meta.dirname, '..', 'server', 'src', 'modules', 'conversation', 'fixtures');

let shared = null;
async function env() {
  if (shared) return shared;
  const server = await startServer({ env: { LOG_LEVEL: 'info', CONVERSATION_ANALYSIS_QUIET_SECONDS: '1' } });
  process.on('exit', () => server.stop());
  shared = { server, baseUrl: server.baseUrl };
  return shared;
}

async function signIn(page, baseUrl, account) {
  await page.goto(`${baseUrl}/login`);
  await page.getByPlaceholder('账号 / 手机号').fill(account);
  await page.getByPlaceholder('密码').fill('admin@123');
  await page
    .getByRole('button', { name: /登\s*录/ })
    .first()
    .click();
  await page.waitForURL(/\/main(\/|$)/);
}

/** A push of the assistant, signed with its token as the client does. */
async function push(baseUrl, assistant, messages) {
  const raw = JSON.stringify({ messages });
  const ts = String(Date.now());
  const res = await fetch(`${baseUrl}/api/robot/assistant/pushMessages`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-assistant-id': String(assistant.id),
      'x-timestamp': ts,
      'x-signature': createHmac('sha256', assistant.token).update(`${ts}.${raw}`).digest('hex'),
    },
    body: raw,
  });
  return res.json();
}

export default [
  {
    name: '上传个人微信聊天记录：预览后保存，打开会话（气泡）、AI 分析引用消息、全文搜索并定位、分享到 /we',
    async run({ page, shot }) {
      const { baseUrl } = await env();
      // the built-in seat role has no 企微与私域 menu yet (README): the administrator uploads here
      await signIn(page, baseUrl, 'admin');
      await page.goto(`${baseUrl}/main/sessionArchive`);
      await page.getByTestId('upload-export').waitFor();
      await page.locator('input[type=file]').setInputFiles(join(FIXTURES, 'chat.txt'));
      const modal = page.locator('.ant-modal').filter({ hasText: '预览' });
      await modal.getByText('你好，这个课一学期多少钱？').first().waitFor();
      await modal.getByText('共 6 条').waitFor();
      await modal.getByTestId('staff-sender').click();
      await page.locator('.ant-select-item-option').filter({ hasText: '李顾问' }).click();
      await shot('conversation-upload-preview');
      await modal.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText(/已保存 \d+ 条消息/).waitFor();

      const row = page.locator('tbody tr.ant-table-row').filter({ hasText: '王女士' });
      await row.waitFor();
      await row.getByText('查看').click();
      const drawer = page.locator('.ant-drawer').filter({ hasText: '王女士' });
      await drawer.getByTestId('chat-bubbles').getByText('行，周六上午10点见').waitFor();
      const analysis = drawer.getByTestId('chat-analysis');
      const analysed = analysis.getByText('关键时刻');
      // the quiet period may already have analysed it; else ask now
      if (!(await analysed.isVisible())) {
        const now = analysis.getByRole('button', { name: /立即分析|重新分析/ });
        await now.click();
      }
      await analysed.waitFor();
      const price = analysis.getByTestId('chat-finding').filter({ hasText: '客户询价' });
      await price.getByText('多少钱').waitFor();
      await price.click();
      await drawer.locator('.chat-focus').getByText('这个课一学期多少钱').waitFor();
      await shot('conversation-chat-analysis');
      await drawer.locator('.ant-drawer-close').click();

      await page.getByRole('tab', { name: '消息搜索' }).click();
      await page.getByTestId('msg-search').locator('input').fill('试听');
      await page.getByTestId('msg-search').locator('input').press('Enter');
      await page.getByTestId('search-count').getByText('匹配 1 个会话，1 条消息').waitFor();
      const hit = page.getByTestId('search-hit').first();
      await hit.locator('mark.chat-hit').getByText('试听').waitFor();
      await shot('conversation-search');
      await page
        .locator('tbody tr.ant-table-row')
        .filter({ has: page.getByTestId('search-hit') })
        .getByText('定位')
        .click();
      const opened = page.locator('.ant-drawer').filter({ hasText: '王女士' });
      await opened.locator('.chat-focus').getByText('带孩子来试听').waitFor();

      const share = await apiCall(page, 'POST', '/api/wecom/msg/shareChat', {
        chatId: (await apiCall(page, 'POST', '/api/wecom/msg/chatList', { keyword: '王女士' })).data.lists[0].id,
      });
      assert.equal(share.code, 1, share.msg);
      const pub = await page.context().newPage();
      await pub.goto(`${baseUrl}${share.data.path}`);
      await pub.getByTestId('chat-bubbles').getByText('带孩子来试听').waitFor();
      await pub.screenshot({ path: join(import.meta.dirname, 'artifacts', 'conversation-we.png') });
      await pub.close();
    },
  },
  {
    name: '助手推送：签名推送的消息进入会话存档，个微员工绑定后关键时刻以 ai_chat_key 消息弹出',
    async run({ page, shot }) {
      const { baseUrl } = await env();
      await signIn(page, baseUrl, 'admin');
      const me = await apiCall(page, 'GET', '/api/backend/loginController/getUserInfoByToken');
      assert.equal(me.code, 1, me.msg);
      const saved = await apiCall(page, 'POST', '/api/backend/msgPush/save', {
        items: [{ msgType: 'ai_chat_key', enabled: true, toOwner: true, toManager: false }],
      });
      assert.equal(saved.code, 1, saved.msg);

      await page.goto(`${baseUrl}/main/weChatPersonalStaff`);
      await page.getByRole('tab', { name: '助手管理' }).click();
      await page.getByRole('button', { name: '新增助手' }).click();
      const form = page.locator('.ant-modal').filter({ hasText: '新增个人微信助手' });
      // a retry of this scenario on the same server adds a second assistant: each attempt names its own
      const name = `前台电脑${Date.now() % 100_000}`;
      await form.locator('input').fill(name);
      await form.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
      const token = (await page.getByTestId('assistant-token').textContent())?.trim();
      assert.match(token ?? '', /^wxa_/);
      const list = await apiCall(page, 'GET', '/api/robot/assistant/selectOrgWechatAssistant');
      const assistant = { id: list.data.find((a) => a.name === name).id, token };

      const msg = (msgid, fromStaff, content) => ({
        msgid,
        accountWxid: 'wxid_e2e_staff',
        accountName: '前台小王',
        contactWxid: 'wxid_e2e_cust',
        contactName: '郑先生',
        fromStaff,
        time: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '),
        type: 'text',
        content,
      });
      const run = Date.now();
      const first = await push(baseUrl, assistant, [msg(`e1-${run}`, true, '郑先生您好，我是前台小王')]);
      assert.equal(first.code, 1, first.msg);
      const forged = await push(baseUrl, { ...assistant, token: 'wxa_forged' }, [msg('e9', false, 'x')]);
      assert.equal(forged.code, 403);

      // 个微员工: bound to the administrator, whose chats they then are
      await page.reload();
      const row = page.locator('tbody tr.ant-table-row').filter({ hasText: 'wxid_e2e_staff' });
      await row.waitFor();
      const acc = await apiCall(page, 'POST', '/api/robot/wxuser/pagelist', { keyword: 'wxid_e2e_staff' });
      const bound = await apiCall(page, 'POST', '/api/robot/wxuser/bindUser', {
        id: acc.data.lists[0].id,
        userId: me.data.userId ?? me.data.id,
      });
      assert.equal(bound.code, 1, bound.msg);
      await page.reload();
      await page
        .locator('tbody tr.ant-table-row')
        .filter({ hasText: 'wxid_e2e_staff' })
        .filter({ hasText: '手动绑定' })
        .waitFor();
      await shot('conversation-personal-staff');

      const second = await push(baseUrl, assistant, [msg(`e2-${run}`, false, '你们这个套餐多少钱？')]);
      assert.equal(second.data.stored, 1);
      const popup = page.getByTestId('notice-stack').locator('.notice-popup').filter({ hasText: '会话要点：客户询价' });
      await popup.waitFor({ timeout: 30_000 });
      await shot('conversation-key-moment');

      await page.goto(`${baseUrl}/main/weChatPersonalCustom`);
      await page.locator('tbody tr.ant-table-row').filter({ hasText: '郑先生' }).getByText('助手导入').waitFor();
      await shot('conversation-personal-custom');
    },
  },
  {
    name: '会话存档设置：未装 SDK 时说明安装什么；填写企业 ID、Secret 与私钥，开启前须确认员工知情同意',
    async run({ page, shot }) {
      const { baseUrl } = await env();
      await signIn(page, baseUrl, 'admin');
      await page.goto(`${baseUrl}/main/sessionArchive`);
      // this server has no Finance SDK (WECOM_FINANCE_SDK_PATH unset): the bar says what to install
      await page.getByText('管理员尚未安装企业微信会话存档 SDK').waitFor();
      await page.getByTestId('archive-settings').click();
      const modal = page.locator('.ant-modal').filter({ hasText: '会话存档设置' });
      await modal.getByLabel('企业 ID').fill('wwe2earchive');
      await modal.getByLabel('会话存档 Secret').fill('e2e-archive-secret');
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      await modal.getByLabel('会话存档私钥').fill(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
      await modal.getByRole('button', { name: /保\s*存/ }).click();
      await modal.getByText('开启前请确认员工已知情同意').waitFor();
      await shot('archive-settings-consent');
      await modal.getByTestId('archive-consent').check();
      await modal.getByRole('button', { name: /保\s*存/ }).click();
      await modal.waitFor({ state: 'detached' });
      const status = await apiCall(page, 'POST', '/api/wecom/msg/archiveStatus', {});
      assert.equal(status.code, 1, status.msg);
      assert.equal(status.data.corpId, 'wwe2earchive');
      assert.equal(status.data.configured, true);
      assert.equal(status.data.open, true);
      // reopened: the secret and key are kept when left empty, and an archive already on asks no consent again
      await page.getByTestId('archive-settings').click();
      await modal.getByPlaceholder('已保存（留空则不变）').first().waitFor();
      assert.equal(await modal.getByTestId('archive-consent').count(), 0);
      await shot('archive-settings-saved');
    },
  },
];
