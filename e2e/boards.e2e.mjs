// Scenarios of the boards (issue 17, G-2): the deals board with a setting made on its settings page and the deals
// behind a figure; the market board with a month's cost entered and a source clicked through to its leads; the AI
// boards; a custom board built, shared for a chosen time, opened by its public link without a session (a malformed
// link says 链接无效, an expired one 链接已过期), and revoked.
import assert from 'node:assert/strict';
import { apiCall } from './lib/calls.mjs';

const stamp = Date.now().toString(36).slice(-5);

/** Waits for a download started by `click` and answers its file name. */
async function download(page, click) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return file.suggestedFilename();
}

export default [
  {
    name: '成交看板：设置目标与口径，看板按设置统计，点开成交单数看到背后的订单并导出',
    async run({ page, baseUrl, login, shot, settle }) {
      await login();
      await page.goto(`${baseUrl}/main/dealsBoardSettings`);
      await page.getByRole('button', { name: /新增看板设置/ }).click();
      const form = page.getByRole('dialog').filter({ hasText: '新增看板设置' });
      await settle();
      await form.getByRole('button', { name: /确\s*定/ }).click();
      await form.getByText('请输入看板名称').waitFor();
      const name = `冲刺榜${stamp}`;
      await form.getByTestId('setting-name').fill(name);
      await form.getByLabel('团队目标金额').fill('100000');
      await form.getByLabel('设为默认看板').click();
      await form.getByRole('button', { name: /确\s*定/ }).click();
      await form.waitFor({ state: 'detached' });
      await page.getByTestId('deal-settings').getByText(name).waitFor();
      await shot('settings');

      // the default setting is the board shown; its totals agree with the API
      await page.goto(`${baseUrl}/main/dealsBoard`);
      await page.getByTestId('deals-setting').getByText(`${name}（默认）`).waitFor();
      const board = await apiCall(page, 'POST', '/api/analysis/api/clue/getBoardPageList', {});
      assert.equal(board.code, 1, board.msg);
      assert.equal(board.data.teamTargetFen, 10_000_000);
      const table = page.getByTestId('deals-table');
      await table.locator('tbody tr.ant-table-row').first().waitFor();
      assert.equal(await table.locator('tbody tr.ant-table-row').count(), board.data.rows.length);
      await page.getByText('团队目标（元）').waitFor();
      await shot('board');

      // the deals behind the first person with deals
      const top = board.data.rows.find((r) => r.dealCount > 0);
      if (top) {
        await table
          .locator('tbody tr.ant-table-row')
          .filter({ hasText: top.userName })
          .getByRole('button')
          .first()
          .click();
        const drawer = page.locator('.ant-drawer').filter({ hasText: '成交明细' });
        await drawer.getByTestId('deals-list').locator('tbody tr.ant-table-row').first().waitFor();
        assert.equal(
          await drawer.getByTestId('deals-list').locator('tbody tr.ant-table-row').count(),
          Math.min(10, top.dealCount),
        );
        await shot('deals');
        assert.match(await download(page, () => drawer.getByRole('button', { name: /导\s*出/ }).click()), /\.xlsx$/);
        await drawer.locator('.ant-drawer-close').click();
      }
      assert.match(await download(page, () => page.getByRole('button', { name: /导出排行/ }).click()), /\.xlsx$/);
    },
  },
  {
    name: '市场看板：登记一个来源本月的投放成本，成本与线索成本随之计算，点开来源的线索数进入线索列表',
    async run({ page, baseUrl, login, shot, settle }) {
      await login();
      await page.goto(`${baseUrl}/main/marketBoard`);
      const table = page.getByTestId('market-table');
      await table.locator('tbody tr.ant-table-row').first().waitFor();
      const before = await apiCall(page, 'POST', '/api/robot/marketBoard/get', {});
      const source = before.data.sources.find((r) => r.id > 0 && r.leads > 0);
      assert.ok(source, 'the demo has leads with a source this month');

      await page.getByRole('button', { name: /登记投放成本/ }).click();
      const form = page.getByRole('dialog').filter({ hasText: '登记投放成本' });
      await settle();
      await form.getByTestId('cost-source').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: source.name })
        .first()
        .click();
      await form.getByTestId('cost-amount').fill('1234.56');
      await form.getByRole('button', { name: /确\s*定/ }).click();
      await form.waitFor({ state: 'detached' });
      const row = table.locator('tbody tr.ant-table-row').filter({ hasText: source.name }).first();
      await row.getByText('1,234.56').waitFor();
      const after = await apiCall(page, 'POST', '/api/robot/marketBoard/get', {});
      const costed = after.data.sources.find((r) => r.id === source.id);
      assert.equal(costed.costFen, 123_456);
      assert.equal(costed.costPerLeadFen, Math.round(123_456 / costed.leads));
      await shot('market');
      assert.match(await download(page, () => page.getByRole('button', { name: /导\s*出/ }).click()), /\.xlsx$/);

      await row.getByRole('button', { name: String(source.leads) }).click();
      await page.waitForURL(/\/main\/customerManage\?.*channelSourceIds=/);
      // the same leads: the list counts the board's figure
      await page
        .locator('.ant-pagination-total-text')
        .filter({ hasText: `共 ${source.leads} 条` })
        .waitFor();
      await page.locator('tbody tr.ant-table-row').first().waitFor();
      await shot('leads');
    },
  },
  {
    name: 'AI 看板、AI 统计与 AI 人效：指标、趋势与人效排行按筛选显示，表格可导出',
    async run({ page, baseUrl, login, shot }) {
      await login();
      await page.goto(`${baseUrl}/main/aiDashboard`);
      await page.getByText('通话数').first().waitFor();
      await page.getByText('意向分布').waitFor();
      await page.getByText('AI 人效排行').waitFor();
      await shot('dashboard');
      await page.goto(`${baseUrl}/main/aiStatistics`);
      await page.getByTestId('ai-trend-table').locator('tbody tr.ant-table-row').first().waitFor();
      const trend = await apiCall(page, 'POST', '/api/robot/clue/aibossstatis/getTrend', {});
      assert.equal(trend.code, 1, trend.msg);
      await shot('statistics');
      assert.match(await download(page, () => page.getByRole('button', { name: /导\s*出/ }).click()), /\.xlsx$/);
      await page.goto(`${baseUrl}/main/aihumaneffectiveness`);
      const rank = await apiCall(page, 'POST', '/api/robot/clue/aibossstatis/getRank', {});
      const rows = page.getByTestId('ai-rank-table').locator('tbody tr.ant-table-row');
      await rows.first().waitFor();
      assert.equal(await rows.count(), rank.data.length);
      await shot('effectiveness');
      assert.match(await download(page, () => page.getByRole('button', { name: /导\s*出/ }).click()), /\.xlsx$/);
    },
  },
  {
    name: '自定义看板：选指标与图表保存，选有效期生成分享链接，未登录打开只读看板，无效与过期链接的提示，取消分享后链接失效',
    async run({ page, baseUrl, login, shot, settle, newContext }) {
      await login();
      await page.goto(`${baseUrl}/main/afterSaleChartp`);
      await page.getByRole('button', { name: /新建看板/ }).click();
      const form = page.getByRole('dialog').filter({ hasText: '新建看板' });
      await settle();
      const name = `周看板${stamp}`;
      await form.getByTestId('board-name').fill(name);
      await form.getByRole('button', { name: /添加图表/ }).click();
      const second = form.getByTestId('panel-row-1');
      await second.getByPlaceholder('图表标题').fill('渠道来源占比');
      await second.locator('.ant-select').first().click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: '渠道来源占比' })
        .click();
      await form.getByRole('button', { name: /确\s*定/ }).click();
      await form.waitFor({ state: 'detached' });
      await page.getByTestId('board-select').getByText(name).waitFor();
      await page.getByText('成交金额趋势').first().waitFor();
      await page.getByTestId('panel-1').waitFor();
      await shot('board');
      assert.match(await download(page, () => page.getByRole('button', { name: /导\s*出/ }).click()), /\.xlsx$/);

      await page.getByRole('button', { name: /分\s*享/ }).click();
      const share = page.getByRole('dialog').filter({ hasText: '分享看板' });
      // the expiry is chosen when sharing: 30 days unless another is picked (here 7 days, then 90)
      const choice = share.getByTestId('share-expiry-choice');
      await choice.getByText('30 天').waitFor();
      await choice.getByText('7 天').click();
      await share.getByRole('button', { name: /生成分享链接/ }).click();
      const url = (await share.getByTestId('share-url').innerText()).trim();
      assert.match(url, /\/dashboard\/[A-Za-z0-9_-]{32}$/);
      const day = (n) => new Date(Date.now() + 8 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);
      const expiresIn = async (n) => {
        const text = await share.getByTestId('share-expires').innerText();
        assert.ok(
          [day(n), day(n + 1)].some((d) => text.includes(`有效期至 ${d}`)),
          text,
        );
      };
      await expiresIn(7);
      await shot('share');
      await choice.getByText('90 天').click();
      await share.getByRole('button', { name: /更新有效期/ }).click();
      await share
        .getByTestId('share-expires')
        .filter({ hasText: day(90) })
        .waitFor();
      assert.equal((await share.getByTestId('share-url').innerText()).trim(), url, 'the link stays the same');
      await choice.getByText('指定日期').click();
      await share.getByTestId('share-expiry-date').waitFor();
      await shot('share-date');
      await choice.getByText('90 天').click();

      const stranger = await newContext();
      const view = await stranger.newPage();
      await view.goto(url);
      await view.getByTestId('shared-title').filter({ hasText: name }).waitFor();
      await view.getByText('只读分享').waitFor();
      await view.getByTestId('panel-0').waitFor();
      await view.getByText(`链接有效期至 ${day(90)}`, { exact: false }).waitFor();
      await shot('public', view);

      // a malformed link says 链接无效 (the server refuses it)
      const broken = await stranger.newPage();
      await broken.goto(`${baseUrl}/dashboard/not-a-link`);
      await broken.getByTestId('shared-failure').filter({ hasText: '链接无效' }).waitFor();
      await shot('public-invalid', broken);
      // an expired one 链接已过期: the server's answer for it (410, checked by the API tests), given to the page
      await broken.route('**/api/backend/customBoard/shared', (route) =>
        route.fulfill({
          status: 410,
          contentType: 'application/json',
          body: JSON.stringify({ code: 410, msg: '链接已过期', data: null }),
        }),
      );
      await broken.goto(url);
      await broken.getByTestId('shared-failure').filter({ hasText: '链接已过期' }).waitFor();
      await broken.getByText('请联系分享人重新分享').waitFor();
      await shot('public-expired', broken);
      await broken.close();

      await share.getByRole('button', { name: /取消分享/ }).click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /取消分享/ })
        .click();
      await share.getByRole('button', { name: /生成分享链接/ }).waitFor();
      await view.reload();
      await view.getByText('分享链接已失效').waitFor();
      await stranger.close();
    },
  },
];
