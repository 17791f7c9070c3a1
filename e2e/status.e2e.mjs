// Scenarios of issue 26 point 9 and its "Also" items of the shell: unknown addresses (页面不存在 in the shell), refused
// routes (无权限访问), share links that do not open (链接无效 / 链接已过期), the call drawer while scrolled, the 用户管理
// columns at 1440 px and the pies' labels.
import assert from 'node:assert/strict';

const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** A share ticket that reads well but was not signed by the server (its expiry `exp`, seconds). */
const forged = (exp) =>
  `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ purpose: 'callDetail', org: 1, rid: 1, exp })}.${b64('x')}`;

/** The element's box, or null when it is not laid out. */
const box = (locator) => locator.boundingBox();

export default [
  {
    name: '未知地址在主框架内显示页面不存在',
    async run({ page, baseUrl, login, shot, newContext }) {
      await login('admin');
      const menu = page.getByTestId('side-menu');
      // under /main: the shell with its menu, the page says 页面不存在
      await page.goto(`${baseUrl}/main/noSuchPage`);
      await page.getByTestId('status-title').getByText('页面不存在').waitFor();
      await menu.waitFor();
      assert.equal(await page.getByText('功能建设中').count(), 0);
      await page.waitForFunction(() => document.title.startsWith('页面不存在'));
      await shot('main-unknown');
      // an unknown address outside /main: the same, inside the shell
      await page.goto(`${baseUrl}/no/such/address`);
      await page.getByTestId('status-title').getByText('页面不存在').waitFor();
      await menu.waitFor();
      await page.getByTestId('org-name').waitFor();
      await shot('top-unknown');
      // 返回首页: the first permitted page
      await page.getByRole('button', { name: '返回首页' }).click();
      await page.waitForURL(/\/main\/customerManage$/);

      // without a session: the page alone, with the way to the sign-in page
      const anon = await (await newContext()).newPage();
      await anon.goto(`${baseUrl}/no/such/address`);
      await anon.getByTestId('status-title').getByText('页面不存在').waitFor();
      assert.equal(await anon.getByTestId('side-menu').count(), 0);
      await anon.getByRole('button', { name: '前往登录' }).click();
      await anon.waitForURL(/\/login$/);
    },
  },
  {
    name: '坐席打开管理员页面显示无权限访问',
    async run({ page, baseUrl, login, shot }) {
      await login('seat01');
      const menu = page.getByTestId('side-menu');
      assert.equal(await menu.getByText('角色管理').count(), 0, 'a seat has no 角色管理 in the menu');
      await page.goto(`${baseUrl}/main/role`);
      await page.getByTestId('status-title').getByText('无权限访问').waitFor();
      // said in the shell, at the address asked for: no silent move elsewhere
      await menu.waitFor();
      assert.match(page.url(), /\/main\/role$/);
      await shot('forbidden');
      await page.getByRole('button', { name: '返回首页' }).click();
      await page.waitForURL(/\/main\/customerManage$/);
      // a permitted page opens as before
      await page.getByTestId('clue-table').waitFor();
    },
  },
  {
    name: '分享链接无效或过期',
    async run({ page, baseUrl, shot }) {
      const title = page.getByTestId('status-title');
      // a malformed call-detail link
      await page.goto(`${baseUrl}/callDetail?maskId=not-a-ticket`);
      await title.getByText('链接无效').waitFor();
      assert.equal(await page.getByText('访问凭证过期').count(), 0);
      await shot('call-malformed');
      // a link cut short in copying
      await page.goto(`${baseUrl}/callDetail?maskId=${forged(Math.floor(Date.now() / 1000) + 3600).slice(0, 40)}`);
      await title.getByText('链接无效').waitFor();
      // past its expiry
      await page.goto(`${baseUrl}/callDetail?maskId=${forged(Math.floor(Date.now() / 1000) - 60)}`);
      await title.getByText('链接已过期').waitFor();
      await shot('call-expired');
      // well formed but not the server's: the server refuses it, the page says 链接无效 (not 访问凭证过期)
      await page.goto(`${baseUrl}/callDetail?maskId=${forged(Math.floor(Date.now() / 1000) + 3600)}`);
      await title.getByText('链接无效').waitFor();
      assert.equal(await page.getByText('访问凭证过期').count(), 0);
      // a malformed board link
      await page.goto(`${baseUrl}/dashboard/abc`);
      await page.getByTestId('shared-failure').getByText('链接无效').waitFor();
      await shot('board-malformed');
    },
  },
  {
    name: '通话详情抽屉滚动时左侧文本仍可见且分享链接可打开',
    async run({ page, baseUrl, login, shot, settle, newContext }) {
      await login('admin');
      await page.goto(`${baseUrl}/main/callAnalysis`);
      // a call with a transcript (the demo's analysed calls)
      const rows = page.getByTestId('analysis-table').locator('tbody tr.ant-table-row');
      await rows.first().waitFor();
      await rows.first().getByTestId('open-analysis').click();
      const drawer = page.locator('.ant-drawer-section');
      await drawer.getByTestId('call-title').waitFor();
      await settle();
      const transcript = drawer.getByTestId('transcript');
      const hasTranscript = (await transcript.count()) > 0;
      await shot('drawer-top');
      // scrolled to the end of the AI column, the transcript column is still in view
      const body = drawer.locator('.ant-drawer-body');
      await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await page.waitForTimeout(300);
      await shot('drawer-scrolled');
      if (hasTranscript) {
        const b = await box(body);
        const t = await box(transcript);
        assert.ok(t, 'the transcript is laid out');
        assert.ok(
          t.y < b.y + b.height && t.y + t.height > b.y,
          `transcript ${JSON.stringify(t)} in view of ${JSON.stringify(b)}`,
        );
      }
      // 分享: the link opens the call without a session
      await drawer.getByRole('button', { name: '分享' }).click();
      const url = (await page.locator('.ant-modal-confirm .ant-typography').first().innerText()).trim();
      assert.match(url, /\/callDetail\?maskId=/);
      const anon = await (await newContext()).newPage();
      await anon.goto(url);
      await anon.getByTestId('call-title').waitFor();
      assert.equal(await anon.getByTestId('status-title').count(), 0);
    },
  },
  {
    name: '用户管理在1440宽度下各列可见',
    async run({ page, baseUrl, login, shot }) {
      await login('admin');
      await page.goto(`${baseUrl}/main/user`);
      const table = page.getByTestId('user-table');
      await table.locator('tbody tr.ant-table-row').first().waitFor();
      await shot('user-start');
      // scrolled to its end, every column is clear of the fixed 操作 column
      await table
        .locator('.ant-table-content, .ant-table-body')
        .first()
        .evaluate((el) => el.scrollTo(el.scrollWidth, 0));
      await page.waitForTimeout(200);
      const op = await box(table.locator('thead th').filter({ hasText: '操作' }).first());
      for (const name of ['角色', '状态', '最近登录']) {
        const th = await box(table.locator('thead th').filter({ hasText: name }).first());
        assert.ok(th && op, `${name} and 操作 are laid out`);
        assert.ok(th.x + th.width <= op.x + 1, `${name} (${th.x}+${th.width}) is not under 操作 (${op.x})`);
      }
      await shot('user-scrolled');
    },
  },
  {
    name: '饼图标签完整显示',
    async run({ page, baseUrl, login, shot }) {
      await login('admin');
      await page.goto(`${baseUrl}/main/crmStatistics`);
      await page.locator('canvas').first().waitFor();
      await page.waitForTimeout(500);
      await shot('crm-pies');
    },
  },
];
