// Scenarios of orders and the cost centre: a product is created, an order with two lines and a discount is
// recorded from the customer's drawer, a part payment then the rest are taken and the customer's stage moves; a
// recharge goes through a local fake WeChat Pay gateway (signed like the real one) and the balance and the record
// show it.
import assert from 'node:assert/strict';
import { startFakePayGateway } from '../server/src/modules/billing/gateways/fake.ts';
import { apiCall } from './lib/calls.mjs';
import { startServer } from './server.mjs';

const stamp = Date.now().toString(36).slice(-5);
const PRODUCT = `少儿编程集训营${stamp}`;
const CUSTOMER = `赵晓彤${stamp}`;

/** Picks an option of an antd Select by typing part of its label. */
async function pick(page, select, text) {
  await select.click();
  await select.locator('input').fill(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

export default [
  {
    name: '新建产品，客户抽屉里录入两行带折扣的订单，部分回款后结清，客户阶段变为已报名',
    async run({ page, baseUrl, login, shot, settle }) {
      await login();
      // the catalogue: a new product
      await page.goto(`${baseUrl}/main/productManagement`);
      await page.locator('tbody tr.ant-table-row').first().waitFor();
      await page.getByRole('button', { name: /新增产品/ }).click();
      const form = page.getByRole('dialog').filter({ hasText: '新增产品' });
      await form.getByLabel('产品名称').fill(PRODUCT);
      await form.getByLabel('产品编码').fill(`CAMP-${stamp}`);
      await form.getByLabel('单位').fill('期');
      await form.getByLabel('标准价格').fill('3980.50');
      await settle();
      await form.getByRole('button', { name: /确\s*定/ }).click();
      await form.waitFor({ state: 'detached' });
      const row = page.locator('tbody tr.ant-table-row').filter({ hasText: PRODUCT });
      await row.getByText('3,980.50').waitFor();
      await shot('products');

      // a customer, opened from the list
      const added = await apiCall(page, 'POST', '/api/robot/organizationClue/add', {
        name: CUSTOMER,
        phone: `139${String(Date.now()).slice(-8)}`,
        type: 2,
      });
      assert.equal(added.code, 1, added.msg);
      await page.goto(`${baseUrl}/main/customerManage`);
      await page.getByTestId('filter-keyword').fill(CUSTOMER);
      await page.getByTestId('filter-search').click();
      await page.getByTestId('clue-table').getByTestId('open-clue').filter({ hasText: CUSTOMER }).click();
      await page.waitForURL(/\/main\/Detail/);
      const drawer = page.locator('.detail-drawer');
      await drawer.getByRole('tab', { name: '订单', exact: true }).click();
      await drawer.locator('.ant-empty-description').filter({ hasText: '暂无数据' }).waitFor();
      await drawer.getByRole('button', { name: /新建订单/ }).click();

      // two lines: 2 × 3,980.50 at 85%, and 1 × the seeded 教材礼包 at full price
      const order = page.getByRole('dialog').filter({ hasText: '新建订单' });
      const lines = order.locator('tbody tr.ant-table-row');
      await pick(page, lines.nth(0).locator('.ant-select'), PRODUCT);
      await lines.nth(0).getByLabel('数量').fill('2');
      await lines.nth(0).getByLabel('折扣').fill('85');
      await order.getByRole('button', { name: /添加产品/ }).click();
      await pick(page, lines.nth(1).locator('.ant-select'), '教材礼包');
      // 2 × 3980.50 × 85% = 6766.85; + 360.00
      await order.getByTestId('order-total').filter({ hasText: '7,126.85' }).waitFor();
      await shot('order-form');
      await order.getByRole('button', { name: /保存订单/ }).click();
      await page.waitForURL(/\/main\/orderDetails\?id=\d+/);
      await page.getByTestId('order-total').filter({ hasText: '7,126.85 元' }).waitFor();
      await page.getByRole('cell', { name: '6,766.85' }).waitFor();
      await page.getByRole('cell', { name: '85%' }).waitFor();

      // edit: 3 instead of 2 → 3 × 3,980.50 × 85% = 10,150.275, rounded half up to 10,150.28
      await page.getByRole('button', { name: /编\s*辑/ }).click();
      const edit = page.getByRole('dialog').filter({ hasText: '编辑订单' });
      await edit.locator('tbody tr.ant-table-row').nth(0).getByLabel('数量').fill('3');
      await edit.getByTestId('order-total').filter({ hasText: '10,510.28' }).waitFor();
      await edit.getByRole('button', { name: /保存订单/ }).click();
      await edit.waitFor({ state: 'detached' });
      await page.getByTestId('order-total').filter({ hasText: '10,510.28 元' }).waitFor();
      await page.getByRole('cell', { name: '10,150.28' }).waitFor();

      // a part payment, then the rest
      const pay = async (amount) => {
        await page.getByRole('button', { name: /登记回款/ }).click();
        const dialog = page.getByRole('dialog').filter({ hasText: '登记回款' });
        await dialog.getByLabel(/回款金额/).fill(amount);
        await settle();
        await dialog.getByRole('button', { name: /确\s*定/ }).click();
        await dialog.waitFor({ state: 'detached' });
      };
      await pay('2000');
      await page.getByText('部分回款').first().waitFor();
      await page.getByTestId('order-paid').filter({ hasText: '2,000.00 元' }).waitFor();
      await shot('part-paid');
      await pay('8510.28');
      await page.getByText('已回款', { exact: true }).first().waitFor();
      await page.getByText('已报名').first().waitFor();
      await page.getByText('客户阶段变为「已报名」').waitFor();
      await shot('paid-stage-moved');

      // the list finds it by product and status
      await page.goto(`${baseUrl}/main/orderManagement`);
      await page.getByPlaceholder('订单编号或客户').fill(CUSTOMER);
      await page.getByRole('button', { name: /查\s*询/ }).click();
      const listed = page.locator('tbody tr.ant-table-row').filter({ hasText: CUSTOMER });
      await listed.getByText('10,510.28').first().waitFor();
      await listed.getByText('已回款').waitFor();
      await shot('order-list');
      // a new order from the list starts with the customer, searched
      await page.getByRole('button', { name: /新建订单/ }).click();
      const picker = page.getByRole('dialog').filter({ hasText: '选择客户' });
      await pick(page, picker.locator('.ant-select'), CUSTOMER);
      await picker.getByRole('button', { name: /下一步/ }).click();
      const next = page.getByRole('dialog').filter({ hasText: `新建订单 · ${CUSTOMER}` });
      await next.getByText('添加产品').waitFor();
      await next.getByRole('button', { name: /取\s*消/ }).click();
      await next.waitFor({ state: 'detached' });
      // the stage a paid order moves its customer to is the organisation's setting
      await page.getByRole('button', { name: '订单设置' }).click();
      const setting = page.getByRole('dialog').filter({ hasText: '订单设置' });
      await setting.getByText('已报名').waitFor();
      await shot('order-setting');
      await setting.getByRole('button', { name: /取\s*消/ }).click();
    },
  },
  {
    name: '通过本地微信支付测试网关充值：扫码页、签名通知到账，余额与充值记录更新',
    async run({ page, shot, settle }) {
      const fake = await startFakePayGateway();
      const notify = 'http://notify.invalid/api/backend/payNew/notify';
      const server = await startServer({
        env: { ...fake.env, WECHATPAY_NOTIFY_URL: `${notify}/wechat`, ALIPAY_NOTIFY_URL: `${notify}/alipay` },
      });
      fake.notifyBase = server.baseUrl;
      try {
        await page.goto(`${server.baseUrl}/login`);
        await page.getByPlaceholder('账号 / 手机号').fill('admin');
        await page.getByPlaceholder('密码').fill('admin@123');
        await page
          .getByRole('button', { name: /登\s*录/ })
          .first()
          .click();
        await page.waitForURL(/\/main\//);
        await page.goto(`${server.baseUrl}/main/listOfExpenses`);
        const balance = page.getByTestId('account-balance');
        await balance.waitFor();
        const value = balance.locator('.ant-statistic-content-value');
        await value.filter({ hasText: /\d/ }).waitFor();
        const before = await value.textContent();
        await page.getByRole('tab', { name: '收支明细' }).waitFor();
        await shot('cost-centre');
        await page
          .getByRole('button', { name: '充 值' })
          .or(page.getByRole('button', { name: '充值' }))
          .first()
          .click();
        const dialog = page.getByRole('dialog').filter({ hasText: '账户充值' });
        await dialog.getByLabel('充值金额').fill('1288.88');
        await settle();
        await dialog.getByRole('button', { name: /去支付/ }).click();
        await dialog.locator('canvas, svg').first().waitFor();
        const orderNo = (await dialog.getByTestId('recharge-order-no').textContent()).match(/CZ\d+/)[0];
        await shot('wechat-qr');
        // the payer scans and pays: the gateway posts its signed, encrypted notification
        assert.equal(await fake.pay(orderNo), 204);
        await dialog.getByText('充值成功').waitFor({ timeout: 20_000 });
        await dialog
          .getByRole('button', { name: '完 成' })
          .or(dialog.getByRole('button', { name: '完成' }))
          .first()
          .click();
        const toFen = (t) => Number(t.replace(/,/g, '').replace('.', ''));
        await page.waitForFunction(
          ([sel, expected]) =>
            document.querySelector(sel)?.textContent?.replace(/,/g, '').replace('.', '') === String(expected),
          ['[data-testid=account-balance] .ant-statistic-content-value', toFen(before) + 128_888],
        );
        await page
          .locator('tbody tr.ant-table-row')
          .filter({ hasText: '在线充值' })
          .filter({ hasText: '+1,288.88' })
          .waitFor();
        await page.getByRole('tab', { name: '充值记录' }).click();
        await page.locator('tbody tr.ant-table-row').filter({ hasText: orderNo }).getByText('已支付').waitFor();
        await shot('recharged');
        // the other tabs render their lists
        for (const [tab, text] of [
          ['通话费', '通话费率'],
          ['坐席与坐席费', '在用坐席'],
          ['企业认证', '认证状态'],
          ['AI 分析资源包', 'AI 分析剩余'],
          ['发票', '申请开票'],
        ]) {
          await page.getByRole('tab', { name: tab, exact: true }).click();
          await page.getByText(text).first().waitFor();
          await shot(`tab-${tab}`);
        }
        // the seat fee: set by the installation operator (the organisation has no form for it), shown per seat and month
        assert.equal(await page.getByTestId('seat-rate').count(), 0);
        const post = async (path, body, token) =>
          (
            await fetch(`${server.baseUrl}/api/backend${path}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
              body: JSON.stringify(body),
            })
          ).json();
        const op = await post('/operator/login', { account: 'operator', password: 'admin@123' });
        assert.equal(op.code, 1, op.msg);
        const orgs = await post(
          '/operator/organizationPageList',
          { pageNum: 1, pageSize: 10, keyword: '星辰教育' },
          op.data.token,
        );
        const organizationId = orgs.data.lists[0].id;
        const set = await post(
          '/organizationCostCenter/saveSeatRate',
          { organizationId, fenPerMonth: 5000 },
          op.data.token,
        );
        assert.equal(set.code, 1, set.msg);
        await page.reload();
        await page.getByRole('tab', { name: '坐席与坐席费', exact: true }).click();
        await page.getByText('元/坐席/月').waitFor();
        await page.getByText('50.00').first().waitFor();
        await shot('seat-rate');
      } finally {
        await server.stop();
        await fake.close();
      }
    },
  },
  {
    name: '获客宝明细：数据概览与使用明细，精准线索需先通过登录密码安全验证才显示完整号码',
    async run({ page, baseUrl, login, shot }) {
      await login();
      await page.goto(`${baseUrl}/main/hkbparticulars`);
      await page.getByText('累计获客').waitFor();
      await page.locator('tbody tr.ant-table-row').first().waitFor();
      // masked numbers in the usage details
      const phone = await page.locator('tbody tr.ant-table-row').first().locator('td').nth(4).textContent();
      assert.match(phone, /^1\d{2}\*{4}\d{4}$/);
      await shot('hkb');
      await page.getByRole('tab', { name: '精准线索', exact: true }).click();
      const check = page.locator('.ant-card').filter({ hasText: '安全验证' });
      await check.getByPlaceholder('登录密码').fill('wrong-pass1');
      await check.getByRole('button', { name: /验\s*证/ }).click();
      await page.getByText('登录密码不正确').waitFor();
      await check.getByPlaceholder('登录密码').fill('admin@123');
      await check.getByRole('button', { name: /验\s*证/ }).click();
      await page.getByText(/已通过安全验证，有效至/).waitFor();
      await page
        .getByRole('cell', { name: /^1\d{10}$/ })
        .first()
        .waitFor();
      await shot('jing-detail');
    },
  },
  {
    name: '企业订单：申请试用 AI 实时辅导，订单列表出现试用订单，详情显示剩余分钟与有效期；同一产品不能再次试用',
    async run({ page, baseUrl, login, shot }) {
      await login();
      await page.goto(`${baseUrl}/main/listOfExpenses`);
      await page.getByRole('tab', { name: '企业订单', exact: true }).click();
      await page.getByTestId('apply-trial').click();
      const dialog = page.getByRole('dialog').filter({ hasText: '申请试用' });
      await dialog.getByText('AI 实时辅导').click();
      await shot('trial-form');
      await dialog.getByRole('button', { name: /开通试用/ }).click();
      await page.locator('.ant-message').getByText('试用已开通').waitFor();
      const row = page.locator('tbody tr.ant-table-row').filter({ hasText: 'AI 实时辅导试用包 60 分钟' });
      await row.getByText('生效中').waitFor();
      await row.getByText('试用').first().waitFor();
      await shot('vendor-orders');
      await row.getByTestId('vendor-order-open').click();
      const detail = page.getByTestId('vendor-order-detail');
      await detail.getByText('0 / 60 分钟').waitFor();
      await detail.getByText('免费试用').waitFor();
      await detail.getByText('（剩余 7 天）').waitFor();
      await shot('vendor-order-detail');
      await page.locator('.ant-drawer-close').click();
      // the same product a second time is refused with the reason
      await page.getByTestId('apply-trial').click();
      const again = page.getByRole('dialog').filter({ hasText: '申请试用' });
      await again.getByText('AI 实时辅导').click();
      await again.getByRole('button', { name: /开通试用/ }).click();
      await page.getByText('AI 实时辅导已试用过，请购买资源包后继续使用').first().waitFor();
      await again.getByRole('button', { name: /取\s*消/ }).click();
      // the list filtered by product holds the one trial
      const list = await apiCall(page, 'POST', '/api/backend/bossOrderManagement/pagelist', { product: 'guidance' });
      assert.equal(list.code, 1, list.msg);
      assert.equal(list.data.total, 1);
    },
  },
];
