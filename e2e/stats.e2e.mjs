// Statistics scenarios (/main/callStatistics, /main/staffStatistics, /main/crmStatistics): a seat makes two calls
// through a local fake cloud call centre (one answered, one missed) and sees them counted on 通话统计, then clicks
// the count through to the call records behind it; the administrator reads 员工统计 by user and by department,
// exports it and clicks a follow-up status count through to the lead list, sets this month's targets and reads the
// completion and the customers per intention level; 销售统计 filters, exports and clicks
// through the same way.
import assert from 'node:assert/strict';
import { startFakeCloud } from '../server/src/modules/telephony/testing/fakeCloud.ts';
import { apiCall } from './lib/calls.mjs';

const APP_ID = 'e2e-stats';
const SECRET = 'e2e-stats-secret';
const outcomes = new Map();
let seq = Math.floor(Math.random() * 9e6);
const phone = () => `135${String(seq++).padStart(8, '0')}`;

let fake = null;
/** This file's server settings: run.mjs starts one server of them for the file, and a fresh one for a retry. */
export async function serverEnv() {
  fake ??= await startFakeCloud({
    appId: APP_ID,
    secret: SECRET,
    stepMs: 100,
    outcome: (callee) => outcomes.get(callee) ?? { answer: true, talkSeconds: 8 },
  });
  return {
    TELEPHONY_PROVIDER: 'cloud',
    CLOUD_CALL_API_URL: fake.url,
    CLOUD_CALL_APP_ID: APP_ID,
    CLOUD_CALL_APP_SECRET: SECRET,
  };
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

/** A call to a new lead, waited for until its final status (2 answered, 3 missed). */
async function callNewLead(page, outcome) {
  const p = phone();
  outcomes.set(p, outcome);
  const lead = await apiCall(page, 'POST', '/api/robot/organizationClue/add', { name: `统计客户${seq}`, phone: p });
  assert.equal(lead.code, 1, lead.msg);
  const out = await apiCall(page, 'POST', '/api/robot/call/v1/callOut', { clueId: lead.data.id });
  assert.equal(out.code, 1, out.msg);
  for (let i = 0; i < 100; i++) {
    const d = await apiCall(page, 'POST', '/api/robot/call/v1/detail', { callId: out.data.callId });
    if (d.data?.status === 2 || d.data?.status === 3) return d.data;
    await page.waitForTimeout(200);
  }
  throw new Error('the call never ended');
}

const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** The statistics table's row of a name. */
const rowOf = (page, name) => page.locator('tbody tr.ant-table-row').filter({ hasText: name }).first();

export default [
  {
    name: '坐席外呼两通（一通接通、一通未接），通话统计按员工计入，点击外呼数进入对应的通话记录',
    async run({ page, shot, baseUrl }) {
      await signIn(page, baseUrl, 'seat01');
      const period = { startDate: today(), endDate: today() };
      const before = await apiCall(page, 'POST', '/api/robot/callStatistics/userPage', period);
      assert.equal(before.code, 1, before.msg);
      const was = before.data.sum;
      await callNewLead(page, { answer: true, talkSeconds: 65 });
      await callNewLead(page, { answer: false, cause: 'no_answer' });
      const after = (await apiCall(page, 'POST', '/api/robot/callStatistics/userPage', period)).data;
      assert.equal(after.sum.calls, was.calls + 2);
      assert.equal(after.sum.answered, was.answered + 1);
      assert.equal(after.sum.missed, was.missed + 1);
      // a seat sees its own row only
      assert.equal(after.lists.length, 1);
      const me = after.lists[0];

      await page.goto(`${baseUrl}/main/callStatistics`);
      await page.locator('.ant-picker-range').click();
      await page
        .locator('.ant-picker-presets li')
        .filter({ hasText: /^今天$/ })
        .click();
      await page.getByRole('button', { name: /查\s*询/ }).click();
      const row = rowOf(page, me.name);
      await row.getByRole('button', { name: String(me.calls), exact: true }).waitFor();
      await row.getByText(`${me.answerRate}%`).waitFor();
      await page.getByTestId('stats-freshness').waitFor();
      await page.getByTestId('call-trend').locator('canvas').waitFor();
      await shot('call-statistics');

      await row.getByRole('button', { name: String(me.calls), exact: true }).click();
      await page.waitForURL(/\/main\/outCall\?tab=calls&userId=\d+/);
      await page.getByRole('tab', { name: '通话记录', selected: true }).waitFor();
      await page.locator('tbody tr.ant-table-row').filter({ hasText: '统计客户' }).first().waitFor();
      // the list behind the figure holds as many calls as the figure says
      await page
        .getByText(new RegExp(`共\\s*${me.calls}\\s*条`))
        .first()
        .waitFor();
      await shot('calls-behind');
    },
  },
  {
    name: '员工统计按员工、按部门查看，导出，跟进状态客户数点击进入客户列表',
    async run({ page, login, baseUrl, shot }) {
      await login();
      await page.goto(`${baseUrl}/main/staffStatistics`);
      await page.locator('.ant-table-summary').first().getByText('合计').waitFor();
      await page.getByTestId('staff-ranking').locator('canvas').waitFor();
      await shot('staff-by-user');
      await page.getByRole('tab', { name: '按部门' }).click();
      await page
        .locator('thead th')
        .filter({ hasText: /^部门$/ })
        .first()
        .waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: /导\s*出/ }).click(),
      ]);
      assert.match(download.suggestedFilename(), /员工统计.*\.xlsx$/);
      await shot('staff-by-dept');

      // the lead counts by follow-up status: a count opens the leads behind it
      await page.getByRole('tab', { name: '按员工' }).click();
      const matrix = page.locator('.ant-card').filter({ hasText: '各跟进状态客户数' });
      const link = matrix.locator('tbody tr.ant-table-row').filter({ hasNotText: '合计' }).locator('button').first();
      await link.waitFor();
      const count = Number(await link.innerText());
      await link.click();
      await page.waitForURL(/\/main\/customerManage\?.*ownerIds=\d+/);
      const table = page.getByTestId('clue-table');
      await table.locator('tbody tr.ant-table-row').first().waitFor();
      await page
        .getByText(new RegExp(`共\\s*${count}\\s*条`))
        .first()
        .waitFor();
      await shot('leads-behind');
    },
  },
  {
    name: '员工统计设置本月目标线索数，目标完成按员工、按部门显示完成率；意向等级客户数与接口一致',
    async run({ page, login, baseUrl, shot, settle }) {
      await login();
      await page.goto(`${baseUrl}/main/staffStatistics`);
      await page.locator('.ant-picker-range').click();
      await page
        .locator('.ant-picker-presets li')
        .filter({ hasText: /^本月$/ })
        .click();
      await page.getByRole('button', { name: /查\s*询/ }).click();
      const targets = page.locator('.ant-card').filter({ hasText: '目标完成' });
      await targets.getByRole('button', { name: '设置目标' }).click();
      const modal = page.getByRole('dialog').filter({ hasText: '设置目标线索数' });
      await settle();
      await modal.locator('tbody tr.ant-table-row').first().waitFor();
      await modal.getByTestId('target-all').fill('6');
      await modal.getByRole('button', { name: /应\s*用/ }).click();
      await shot('staff-target-modal');
      await modal.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('目标已保存').waitFor();
      await modal.waitFor({ state: 'detached' });

      const period = { startDate: `${today().slice(0, 7)}-01`, endDate: today() };
      const byUser = await apiCall(page, 'POST', '/api/robot/clue/rxfxstastic/getTargetClueNumCountByUser', period);
      assert.equal(byUser.code, 1, byUser.msg);
      // every enabled user of the scope got the target
      const first = byUser.data.rows.find((r) => r.target === 6);
      assert.ok(first, 'no user with the target set');
      const row = targets.locator('tbody tr.ant-table-row').filter({ hasText: first.name }).first();
      await row.locator('td').nth(2).filter({ hasText: /^6$/ }).waitFor();
      await row.getByText(`${first.rate}%`).waitFor();
      await targets.locator('tbody tr').filter({ hasText: '合计' }).getByText(String(byUser.data.sum.target)).waitFor();

      // the intention levels: the AI labels as columns, the sum as the API computes it
      const intention = page.getByTestId('intention-card');
      await intention.locator('thead th').filter({ hasText: '强意向' }).waitFor();
      const levels = await apiCall(page, 'POST', '/api/robot/clue/rxfxstastic/getIntentionLevelCustomCountRes', period);
      assert.equal(levels.code, 1, levels.msg);
      await intention
        .locator('tbody tr')
        .filter({ hasText: '合计' })
        .locator('td')
        .last()
        .filter({ hasText: new RegExp(`^${levels.data.sum.total}$`) })
        .waitFor();
      await intention.scrollIntoViewIfNeeded();
      await shot('staff-targets-by-user');

      await page.getByRole('tab', { name: '按部门' }).click();
      const byDept = await apiCall(page, 'POST', '/api/robot/clue/rxfxstastic/getTargetClueNumCountByDept', period);
      const dept = byDept.data.rows[0];
      await targets
        .locator('tbody tr.ant-table-row')
        .filter({ hasText: dept.name })
        .first()
        .locator('td')
        .nth(1)
        .filter({ hasText: new RegExp(`^${dept.target}$`) })
        .waitFor();
      await targets.scrollIntoViewIfNeeded();
      await shot('staff-targets-by-dept');
    },
  },
  {
    name: '销售统计按跟进状态：近30天查询、导出、点击合计进入客户列表',
    async run({ page, login, baseUrl, shot }) {
      await login();
      await page.goto(`${baseUrl}/main/crmStatistics`);
      await page.locator('.ant-picker-range').click();
      await page
        .locator('.ant-picker-presets li')
        .filter({ hasText: /^近30天$/ })
        .click();
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await page.locator('thead th').filter({ hasText: '合计' }).waitFor();
      await page.getByTestId('crm-share').locator('canvas').waitFor();
      const sumRow = page.locator('tbody tr.ant-table-row').filter({ hasText: '合计' });
      await sumRow.waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: /导\s*出/ }).click(),
      ]);
      assert.match(download.suggestedFilename(), /销售统计.*\.xlsx$/);
      await shot('crm-statistics');
      const total = page
        .locator('tbody tr.ant-table-row')
        .filter({ hasNotText: '合计' })
        .locator('td:last-child button')
        .first();
      const n = Number(await total.innerText());
      await total.click();
      await page.waitForURL(/\/main\/customerManage\?.*createTime=/);
      await page
        .getByText(new RegExp(`共\\s*${n}\\s*条`))
        .first()
        .waitFor();
      await shot('crm-leads-behind');
    },
  },
  {
    name: '数据统计、客户统计与销售概况：概览图表、按阶段的客户数点击进入客户列表、我的与全部切换',
    async run({ page, login, baseUrl, shot }) {
      await login();
      await page.goto(`${baseUrl}/main/dataStatistics`);
      await page.getByTestId('overview-trend').locator('canvas').waitFor();
      await page.getByTestId('overview-stages').locator('canvas').waitFor();
      const period = await page.evaluate(() => {
        const d = new Date(Date.now() + 8 * 3600_000);
        return { startDate: `${d.toISOString().slice(0, 8)}01`, endDate: d.toISOString().slice(0, 10) };
      });
      const overview = await apiCall(page, 'POST', '/api/robot/dataStatistics/overview', period);
      assert.equal(overview.code, 1, overview.msg);
      await page.getByTestId('headline-新增客户').getByText(String(overview.data.newLeads)).waitFor();
      await shot('data-statistics');
      // the deals headline opens the deals behind it (the deals board's list, same period), as many as it counts
      await page.getByTestId('headline-成交单数').click();
      await page.waitForURL(/\/main\/dealsBoard\?.*deals=1/);
      const drawer = page.locator('.ant-drawer').filter({ hasText: '成交明细' });
      if (overview.data.orders > 0) {
        await drawer.getByTestId('deals-list').locator('tbody tr.ant-table-row').first().waitFor();
        await drawer.getByText(new RegExp(`共\\s*${overview.data.orders}\\s*条`)).waitFor();
      } else await drawer.getByText('暂无数据').waitFor();
      await shot('data-statistics-deals');

      await page.goto(`${baseUrl}/main/customerStatistics`);
      await page.getByTestId('customer-chart').locator('canvas').waitFor();
      const sum = page.locator('tbody tr.ant-table-row').filter({ hasText: '合计' });
      await sum.waitFor();
      await sum.locator('td').last().getByText(String(overview.data.newLeads)).waitFor();
      await page.getByText('按来源').click();
      await page.locator('thead th').filter({ hasText: '未设置' }).waitFor();
      await shot('customer-statistics');
      await page.getByText('按阶段').click();
      const cell = page.locator('tbody tr.ant-table-row').filter({ hasNotText: '合计' }).locator('td button').first();
      const n = Number(await cell.innerText());
      await cell.click();
      await page.waitForURL(/\/main\/customerManage\?.*stages=\d/);
      await page
        .getByText(new RegExp(`共\\s*${n}\\s*条`))
        .first()
        .waitFor();

      await page.goto(`${baseUrl}/main/saleSurvey`);
      await page.getByTestId('overview-trend').locator('canvas').waitFor();
      const mine = await apiCall(page, 'POST', '/api/robot/survey/get', period);
      await page.getByTestId('headline-新增客户').getByText(String(mine.data.newLeads)).waitFor();
      await page.getByText('全部', { exact: true }).click();
      await page.getByTestId('headline-新增客户').getByText(String(overview.data.newLeads)).waitFor();
      await shot('sale-survey');
    },
  },
  {
    name: '周报月报：设置接收人并开启日报，立即生成日报，报告在页面可读且接收人收到消息',
    async run({ page, login, baseUrl, shot, settle }) {
      await login();
      await page.goto(`${baseUrl}/reportStatistics`);
      await page.getByText('暂无报告').waitFor();
      await page.getByRole('button', { name: '发送设置' }).click();
      const modal = page.getByRole('dialog').filter({ hasText: '周报月报发送设置' });
      await settle();
      await modal.getByLabel('日报（每天 08:00，前一天）').click();
      const receivers = modal.locator('.ant-select');
      await receivers.click();
      await receivers.locator('input').fill('系统管理员');
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: '系统管理员' })
        .click();
      await modal.getByText('周报月报发送设置').click(); // closes the dropdown
      await modal.getByRole('button', { name: /确\s*定/ }).click();
      await modal.waitFor({ state: 'detached' });
      // the report of yesterday, made now and sent to the receivers saved
      await page.getByRole('button', { name: '发送设置' }).click();
      await settle();
      await modal.getByRole('button', { name: /立即生成日报/ }).click();
      await page.getByText('已生成并发送').waitFor();
      await modal.getByRole('button', { name: /取\s*消/ }).click();
      await modal.waitFor({ state: 'detached' });
      await page.getByTestId('overview-trend').locator('canvas').waitFor();
      await page.getByText(/日报（\d{4}-\d{2}-\d{2}），生成于/).waitFor();
      await page
        .locator('.ant-card')
        .filter({ hasText: '员工明细' })
        .locator('tbody tr.ant-table-row')
        .first()
        .waitFor();
      await shot('daily-report');
      const setting = await apiCall(page, 'POST', '/api/robot/reportStatistics/getSetting', {});
      assert.equal(setting.data.daily, true);
      assert.equal(setting.data.receivers.length, 1);
    },
  },
];
