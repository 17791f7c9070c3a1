// The installation operator (运营后台 /operator): signs in on its own page, credits an organisation and sets its AI unit
// price; the organisation's administrator sees the new balance read-only, without any 人工入账 button.
import assert from 'node:assert/strict';
import { apiCall } from './lib/calls.mjs';

const ORG = '星辰教育科技有限公司';

export default [
  {
    name: '运营人员登录、人工入账、设置 AI 单价；机构只读查看余额',
    async run({ page, baseUrl, login, shot, settle }) {
      // the organisation's balance before
      await login('admin');
      const before = (await apiCall(page, 'POST', '/api/backend/organizationCostCenter/getBalance')).data.balanceFen;

      // the operator's own page: its own sign-in form, not the organisation's shell
      await page.goto(`${baseUrl}/operator`);
      await page.getByText('运营后台登录').waitFor();
      assert.equal(await page.getByTestId('side-menu').count(), 0);
      await shot('operator-login');
      // an organisation's account is not an operator
      await page.getByLabel('运营账号').fill('admin');
      await page.getByLabel('密码').fill('admin@123');
      await page.getByRole('button', { name: /^登\s*录$/ }).click();
      await page.getByText('账号或密码错误').waitFor();
      await page.getByLabel('运营账号').fill('operator');
      await page.getByLabel('密码').fill('admin@123');
      await page.getByRole('button', { name: /^登\s*录$/ }).click();
      await page.getByText('运营人员：operator').waitFor();
      const row = page.locator('tr.ant-table-row').filter({ hasText: ORG });
      await row.waitFor();
      await shot('operator-orgs');

      // 人工入账 1,234.56 元, confirmed first
      await row.getByRole('button', { name: '管理' }).click();
      const drawer = page.locator('.ant-drawer').filter({ hasText: `机构：${ORG}` });
      await drawer.getByLabel('入账金额').fill('1234.56');
      await drawer.getByLabel('备注（入账原因）').fill('对公转账 工行尾号 8888');
      await drawer.getByRole('button', { name: /^入\s*账$/ }).click();
      const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '确认人工入账' });
      await confirm.getByText('1,234.56 元').waitFor();
      await shot('operator-confirm-credit');
      await confirm.getByRole('button', { name: /确\s*认/ }).click();
      await page.getByText('已入账').waitFor();
      await settle();

      // AI 单价 0.25 元/分钟
      await drawer.getByRole('tab', { name: 'AI 单价' }).click();
      await drawer.getByLabel('AI 单价（元/分钟）').fill('0.25');
      await drawer
        .getByRole('button', { name: /保\s*存/ })
        .first()
        .click();
      await page
        .locator('.ant-modal-confirm')
        .filter({ hasText: '确认修改 AI 单价' })
        .getByRole('button', { name: /确\s*认/ })
        .click();
      await page.getByText('AI 单价已保存').waitFor();
      await settle();

      // the audit log shows both, with before and after
      await drawer.getByRole('tab', { name: '操作日志' }).click();
      await drawer.getByRole('cell', { name: '人工入账', exact: true }).first().waitFor();
      await drawer.getByRole('cell', { name: '设置 AI 单价', exact: true }).first().waitFor();
      await drawer
        .getByRole('cell', { name: /单价 0\.25/ })
        .first()
        .waitFor();
      await shot('operator-audit');
      await drawer.locator('.ant-drawer-close').click();

      // the organisation: the new balance, read-only; no 人工入账, no rate forms
      await login('admin');
      const after = (await apiCall(page, 'POST', '/api/backend/organizationCostCenter/getBalance')).data.balanceFen;
      assert.equal(after, before + 123_456);
      await page.goto(`${baseUrl}/main/listOfExpenses`);
      const yuan = (after / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      await page.getByTestId('account-balance').getByText(yuan).waitFor();
      await page.getByTestId('recharge-hint').waitFor();
      assert.equal(await page.getByRole('button', { name: '人工入账' }).count(), 0);
      await page.getByRole('tab', { name: '收支明细' }).click();
      await page.getByText('对公转账 工行尾号 8888').first().waitFor();
      await page.getByText('平台运营').first().waitFor();
      await shot('org-expenses-readonly');
      // and its own session is refused on the operator's calls
      const refused = await apiCall(page, 'POST', '/api/backend/organizationCostCenter/manualCredit', {
        organizationId: 1,
        amountFen: 100,
        reason: 'x',
      });
      assert.equal(refused.msg, '无权限访问');
      const price = await apiCall(page, 'POST', '/api/backend/organization/getAiUnitPrice');
      assert.equal(price.data.pricePerMinute, 25);
    },
  },
];
