// Scenarios of AI customer insight: three calls to one customer give an AI 沟通摘要 that cites each call (a citation
// opens the call at its sentence; AI 写跟进 saves a follow-up); a business reminder pops up over MQTT and opens the
// customer, then is done in AI 商机提醒; a topic shows its trend and the calls that mention it.
import assert from 'node:assert/strict';
import { apiCall, quietFlac, uploadWithTranscript, waitAnalysed } from './lib/calls.mjs';

let tone = 300;

/**
 * Waits until the popup naming `name` is on top of the stack. The call's AI messages above it close themselves after
 * 5 s; reminders stay until closed, and the minute sweep may raise some for the demo customers meanwhile (promises
 * due when the day turns, calls not followed up): those are closed one by one.
 */
async function bringToTop(stack, name, timeout) {
  const top = stack.locator('.notice-popup[data-level="0"]');
  for (const until = Date.now() + timeout; Date.now() < until; ) {
    const text = await top.textContent({ timeout: 1000 }).catch(() => '');
    if (text.includes(name)) return;
    if (text.includes('查看详情'))
      await top
        .getByLabel('关闭')
        .click({ timeout: 2000 })
        .catch(() => {});
    await stack.page().waitForTimeout(500);
  }
  throw new Error(`the popup of ${name} never came on top of the stack`);
}

/** Uploads a call of a customer through the API in the page (audio and its transcript), as a telephony platform does. */
async function uploadCall(page, { clueId, lines, callTime, callType = 1 }) {
  const file = quietFlac(`insight-${tone}.flac`, lines.length * 5, tone++);
  const transcript = {
    durationMs: lines.length * 5000,
    segments: lines.map(([who, text], i) => ({
      speaker: who === 'A' ? 'agent' : 'customer',
      startMs: i * 5000,
      endMs: i * 5000 + 4000,
      text,
    })),
  };
  const id = await uploadWithTranscript(page, file, transcript, {
    clueId,
    callType,
    ...(callTime ? { callTime } : {}),
  });
  await waitAnalysed(page, id);
  return id;
}

async function addLead(page, name) {
  const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const res = await apiCall(page, 'POST', '/api/robot/organizationClue/add', { name, phone });
  assert.equal(res.code, 1, `add lead: ${res.msg}`);
  return res.data.clueId;
}

const shanghai = (hoursAgo) =>
  new Date(Date.now() + 8 * 3600_000 - hoursAgo * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

const CALLS = [
  [
    ['A', '您好，我是星辰教育的课程顾问小王，请问是张先生吗？'],
    ['C', '是的，我想给孩子报个编程课。'],
    ['C', '三年级，预算大概五千左右。'],
    ['C', '价格有点贵，编程猫那边更便宜。'],
    ['A', '我们是小班教学，老师都是专业的，这周报名还能打八折。'],
    ['C', '那我回去跟我老婆商量一下。'],
    ['A', '好的，我明天给您发课程资料和试听安排。'],
  ],
  [
    ['A', '张先生您好，课程资料您看了吗？'],
    ['C', '看了，效果怎么样？有没有保障？'],
    ['A', '我们每个月都有学习报告，不满意可以退费。'],
    ['C', '我老婆同意了，周六上午带孩子过来试听。'],
  ],
  [
    ['C', '喂，小王吗，试听完了孩子很喜欢。'],
    ['C', '我今天就报名，你把合同和付款方式发给我吧。'],
    ['A', '好的，我马上把付款链接发给您。'],
  ],
];

export default [
  {
    name: '同一客户三通通话：AI 沟通摘要逐条引用每通通话，点击引用打开通话原句，AI 写跟进保存为跟进记录',
    async run({ page, context, baseUrl, login, shot }) {
      await login();
      const name = `张先生${Date.now().toString(36).slice(-4)}`;
      const clueId = await addLead(page, name);
      const ids = [];
      for (const [i, lines] of CALLS.entries())
        ids.push(await uploadCall(page, { clueId, lines, callTime: shanghai(72 - i * 24) }));

      // the new customer heads 我的客户; its name opens the detail drawer
      await page.goto(`${baseUrl}/main/customerManage`);
      await page.locator('tbody tr.ant-table-row').filter({ hasText: name }).getByTestId('open-clue').click();
      await page.getByTestId('detail-name').filter({ hasText: name }).waitFor();
      await page.getByRole('tab', { name: 'AI 沟通摘要' }).click();
      const briefing = page.getByTestId('ai-briefing');
      await briefing
        .getByTestId('briefing-summary')
        .filter({ hasText: '共 3 通已分析通话' })
        // three analyses and the debounced rebuild on a loaded machine; the drawer follows by itself (no reload)
        .waitFor({ timeout: 60_000 });
      const cited = await briefing
        .getByTestId('briefing-cite')
        .evaluateAll((els) => [...new Set(els.map((e) => Number(e.getAttribute('data-recording'))))]);
      assert.deepEqual(cited.sort(), [...ids].sort(), 'every call is cited');
      await briefing.getByTestId('briefing-competitors').getByText('编程猫').waitFor();
      await briefing.getByTestId('briefing-decisionMakers').getByText(/老婆/).waitFor();
      await briefing.getByTestId('briefing-objections').getByText('应对：我们是小班教学', { exact: false }).waitFor();
      await briefing.getByTestId('briefing-trend').locator('canvas').waitFor();
      await shot('briefing');

      // a citation opens the call detail at its sentence
      const objection = briefing
        .getByTestId('briefing-objections')
        .locator('.ant-list-item')
        .filter({ hasText: '价格太高' })
        .getByTestId('briefing-cite')
        .first();
      const [callPage] = await Promise.all([context.waitForEvent('page'), objection.click()]);
      await callPage.waitForLoadState();
      const marked = callPage.locator('[data-testid=transcript] [data-evidence=true]');
      await marked.waitFor({ timeout: 15_000 });
      assert.match(await marked.innerText(), /价格有点贵/);
      await shot('cited-sentence', callPage);
      await callPage.close();

      // AI 写跟进: the draft from the first call, edited and saved as a follow-up
      await briefing.getByLabel('选择通话').click();
      await page.locator('.ant-select-item-option').first().click();
      await briefing.getByTestId('ai-follow').click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '保存为跟进记录' });
      const content = dialog.getByTestId('ai-follow-content');
      await page.waitForFunction(() =>
        document.querySelector('[data-testid=ai-follow-content]')?.value.includes('需求：给孩子报个编程课'),
      );
      await content.fill(`${await content.inputValue()}\n已约周六试听`);
      await shot('ai-follow');
      await dialog.getByRole('button', { name: '保存为跟进记录' }).click();
      await page.getByText('跟进记录已保存').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('tab', { name: '互动记录' }).click();
      await page.getByText('已约周六试听', { exact: false }).first().waitFor();
    },
  },
  {
    name: '商机提醒：客户提及竞品后弹出提醒，查看详情打开客户；AI 商机提醒中标记完成',
    async run({ page, baseUrl, login, shot }) {
      await login();
      const setting = await apiCall(page, 'POST', '/api/robot/clue/airecommend/getSetting', {});
      await apiCall(page, 'POST', '/api/robot/clue/airecommend/saveSetting', { ...setting.data, quietEnabled: false });
      const name = `竞品客户${Date.now().toString(36).slice(-4)}`;
      const clueId = await addLead(page, name);
      await page.goto(`${baseUrl}/main/aiBusinessReminder`);
      await page.waitForTimeout(1500); // the MQTT subscription
      await uploadCall(page, {
        clueId,
        lines: [
          ['A', '您好，我是装修公司的设计师小李。'],
          ['C', '你们报价多少？美家那边更便宜。'],
          ['A', '我们用的都是环保材料，可以先免费量房。'],
        ],
      });
      const stack = page.getByTestId('notice-stack');
      const popup = stack.locator('.notice-popup').filter({ hasText: name });
      await bringToTop(stack, name, 60_000);
      await popup.getByText(`提及竞品：${name}`).waitFor();
      await popup.getByText(`客户：${name}`).waitFor();
      await shot('reminder-popup');
      await popup.getByRole('button', { name: '查看详情' }).click();
      await page.waitForURL(/\/main\/Detail/);
      await page.getByTestId('detail-name').filter({ hasText: name }).waitFor();
      await shot('customer-opened');

      await page.goto(`${baseUrl}/main/aiBusinessReminder`);
      const row = page.locator('tbody tr.ant-table-row').filter({ hasText: name });
      await row.getByRole('cell', { name: '提及竞品', exact: true }).waitFor();
      await row.getByText('待处理').waitFor();
      await shot('reminder-list');
      await row.getByTestId('reminder-done').click();
      await row.getByText('已处理').waitFor();
    },
  },
  {
    name: '话题洞察：新建话题后显示提及趋势与提及的通话',
    async run({ page, baseUrl, login, shot }) {
      await login();
      const clueId = await addLead(page, `话题客户${Date.now().toString(36).slice(-4)}`);
      await uploadCall(page, {
        clueId,
        lines: [
          ['A', '这是我们的旗舰套餐。'],
          ['C', '能分期付款吗？首付多少？'],
        ],
      });
      const topic = `分期付款${Date.now().toString(36).slice(-4)}`;
      await page.goto(`${baseUrl}/main/customerInsight`);
      await page.getByRole('button', { name: '新建话题' }).click();
      const dialog = page.getByRole('dialog').filter({ hasText: '新建话题' });
      await dialog.getByTestId('topic-name').fill(topic);
      const words = dialog.getByTestId('topic-words').locator('input');
      await words.fill('分期');
      await words.press('Enter');
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(`「${topic}」提及趋势`).waitFor();
      await page.getByTestId('topic-trend').locator('canvas').waitFor();
      const row = page.locator('tbody tr.ant-table-row').filter({ hasText: '能分期付款吗' });
      await row.waitFor();
      const total = await page.locator('.ant-statistic-content-value').first().innerText();
      assert.ok(Number(total) >= 1, `the topic counts its calls (${total})`);
      await shot('topic-trend');

      // the organisation's insight shows the question and its example
      await page.goto(`${baseUrl}/main/customerInsights`);
      await page.getByTestId('insight-客户问题').getByText('能分期付款吗', { exact: false }).first().waitFor();
      await shot('insights');
      await page.goto(`${baseUrl}/main/customerInsights2`);
      await page.getByTestId('insight-trend').locator('canvas').waitFor();
      await shot('insights-trend');
      await page.goto(`${baseUrl}/main/aiCustomer`);
      await page.getByTestId('ai-customer-open').first().waitFor();
      await shot('ai-customers');
    },
  },
];
