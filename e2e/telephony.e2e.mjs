// Calling scenarios (/main/outCall, /main/seatManage) against a local fake cloud call centre (signed API and
// webhooks) and a fake speech-to-text server: a manager builds a call task and starts it; the seat works it through
// three leads (answered, missed, busy) with the live status, writes the follow-up after each call; the answered
// call's recording arrives by webhook, is transcribed and heard on the lead; anti-collision refuses a second seat
// naming who called; a number blocked by 电销卫士 is refused before dialling.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { startFakeCloud } from '../server/src/modules/telephony/testing/fakeCloud.ts';
import { startFakeRegistrar } from '../server/src/modules/telephony/testing/fakeSipRegistrar.ts';
import { apiCall, scratchDir } from './lib/calls.mjs';

const dir = scratchDir();
const APP_ID = 'e2e-callcenter';
const SECRET = 'e2e-secret-7f3a';
const outcomes = new Map();
const SENTENCES = {
  agent: ['您好，我是星辰教育的课程顾问', '这周六上午有一节免费的试听课'],
  customer: ['你好，什么事', '周六上午可以，我去听听看'],
};

const recording = join(dir, 'telephony-call.wav');
execFileSync('sox', ['-n', '-r', '8000', '-c', '2', '-b', '16', recording, 'synth', '6', 'sine', '350', 'sine', '500']);

let asrCalls = 0;
const asr = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    asrCalls++;
    const who = asrCalls % 2 === 1 ? 'agent' : 'customer';
    const offset = who === 'agent' ? 0 : 1.2;
    const segments = SENTENCES[who].map((text, i) => ({ start: offset + i * 2.4, end: offset + i * 2.4 + 1.8, text }));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ text: SENTENCES[who].join(''), segments }));
  });
});

let fake = null;
let registrar = null;
/** This file's server settings: run.mjs starts one server of them for the file, and a fresh one for a retry. */
export async function serverEnv() {
  if (!fake) {
    await new Promise((r) => asr.listen(0, '127.0.0.1', r));
    fake = await startFakeCloud({
      appId: APP_ID,
      secret: SECRET,
      stepMs: 700,
      recordingFile: recording,
      outcome: (callee) => outcomes.get(callee) ?? { answer: true, talkSeconds: 8 },
    });
    registrar = await startFakeRegistrar('pbx.crm.test');
  }
  return {
    SIP_WS_URL: registrar.url,
    SIP_DOMAIN: 'pbx.crm.test',
    ASR_ENGINE: 'openai',
    ASR_OPENAI_BASE_URL: `http://127.0.0.1:${asr.address().port}`,
    ASR_OPENAI_MODEL: 'fake',
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

let seq = Math.floor(Math.random() * 9e6);
const phone = () => `137${String(seq++).padStart(8, '0')}`;

async function newLead(page, name, outcome) {
  const p = phone();
  if (outcome) outcomes.set(p, outcome);
  const r = await apiCall(page, 'POST', '/api/robot/organizationClue/add', {
    name,
    phone: p,
    company: '苏州明远教育咨询',
  });
  assert.equal(r.code, 1, r.msg);
  return { id: r.data.id, phone: p, name };
}

async function orgUsers(page) {
  const r = await apiCall(page, 'POST', '/api/analysis/api/clue/getUserList', {});
  assert.equal(r.code, 1, r.msg);
  return r.data;
}

/** A running task of these leads for these seats, made by the manager through the API. */
async function taskOf(page, name, seatUserIds, clueIds) {
  const r = await apiCall(page, 'POST', '/api/robot/calltask/add', { name, seatUserIds, clueIds });
  assert.equal(r.code, 1, r.msg);
  const s = await apiCall(page, 'POST', '/api/robot/calltask/updateStatus', { id: r.data.id, status: 1 });
  assert.equal(s.code, 1, s.msg);
  return r.data;
}

async function openWorkbench(page, baseUrl, taskName) {
  await page.goto(`${baseUrl}/main/outCall`);
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: taskName });
  await row.getByTestId('work-task').click();
  return page.locator('.ant-drawer').filter({ hasText: `外呼工作台 · ${taskName}` });
}

/** Calls the shown lead, waits for the final status, writes the follow-up and moves on. */
async function callAndFollow(bench, shot, expectStatus, note) {
  await bench.getByTestId('call-button').click();
  const status = bench.getByTestId('call-status');
  await status.filter({ hasText: '更新中' }).waitFor({ timeout: 10_000 });
  await status.filter({ hasText: expectStatus }).waitFor({ timeout: 20_000 });
  await shot(`status-${note}`);
  await bench.getByTestId('follow-content').fill(`${note}：已记录通话情况`);
  await bench.getByTestId('follow-save').click();
  // 自动下一个 (the seat's setting): the next lead comes by itself after the countdown
  await bench.getByText(/秒后自动下一个/).waitFor();
}

export default [
  {
    name: '外呼任务：经理建任务并开始，坐席依次拨打三个客户（接通、未接通、忙线），状态实时变化，写跟进；录音转写后在客户上可听可看',
    async run({ page, newContext, shot, baseUrl }) {
      // the seat's three new leads
      await signIn(page, baseUrl, 'seat01');
      const leads = [
        await newLead(page, '周丽华', { answer: true, talkSeconds: 8 }),
        await newLead(page, '吴建国', { answer: false, cause: 'no_answer' }),
        await newLead(page, '郑晓燕', { answer: false, cause: 'busy' }),
      ];
      // the manager builds the task on /main/outCall
      const mctx = await newContext();
      const manager = await mctx.newPage();
      await signIn(manager, baseUrl, 'manager');
      await manager.goto(`${baseUrl}/main/outCall`);
      await manager.getByRole('button', { name: /新建任务/ }).click();
      const dialog = manager.getByRole('dialog').filter({ hasText: '新建外呼任务' });
      // a name of this attempt's own: a retry runs on the file's shared server, where the first attempt's task stays
      const taskName = `试听课邀约（E2E ${String(Date.now()).slice(-5)}）`;
      await dialog.getByLabel('任务名称').fill(taskName);
      await dialog.getByLabel('外呼坐席').click();
      await manager
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: '张伟' })
        .first()
        .click();
      await dialog.getByLabel('跟进人').click();
      await manager
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: '张伟' })
        .first()
        .click();
      await manager.keyboard.press('Escape');
      await shot('task-form', manager);
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = manager.locator('tbody tr.ant-table-row').filter({ hasText: taskName });
      await row.getByText('未开始').waitFor();
      await row.getByRole('button', { name: '开始' }).click();
      await manager
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /开\s*始/ })
        .click();
      await row.getByText('进行中').waitFor();

      // the seat sets 自动下一个 and works it
      await page.goto(`${baseUrl}/main/outCall`);
      await page.getByRole('button', { name: '我的外呼设置' }).click();
      const mine = page.getByRole('dialog').filter({ hasText: '我的外呼设置' });
      await mine.getByLabel('自动下一个（秒）').fill('2');
      await mine.getByRole('button', { name: /确\s*定/ }).click();
      await mine.waitFor({ state: 'detached' });
      const bench = await openWorkbench(page, baseUrl, taskName);
      await bench.getByTestId('lead-name').filter({ hasText: '郑晓燕' }).waitFor();
      // the number shown is masked or not by the role; the dialled one never reaches the page
      await shot('workbench');
      // newest first: 郑晓燕 (busy), 吴建国 (missed), 周丽华 (answered)
      await callAndFollow(bench, shot, '未接通（忙线）', 'busy');
      await bench.getByTestId('lead-name').filter({ hasText: '吴建国' }).waitFor();
      await callAndFollow(bench, shot, '未接通（无人接听）', 'missed');
      await bench.getByTestId('lead-name').filter({ hasText: '周丽华' }).waitFor();
      await bench.getByTestId('call-button').click();
      const status = bench.getByTestId('call-status');
      await status.filter({ hasText: '更新中' }).waitFor({ timeout: 10_000 });
      await status.filter({ hasText: '已接通' }).waitFor({ timeout: 20_000 });
      await bench
        .getByTestId('follow-card')
        .getByText('结束语话术')
        .or(bench.getByTestId('follow-card'))
        .first()
        .waitFor();
      await shot('answered-follow-form');
      await bench.getByTestId('follow-content').fill('客户同意周六上午来试听');
      await bench.getByTestId('follow-save').click();
      await bench.getByText(/秒后自动下一个/).waitFor();

      // live progress for the manager
      await row.getByRole('button', { name: '客户' }).click();
      const progress = manager.getByTestId('task-progress');
      await progress.getByText('已拨打 3').waitFor({ timeout: 15_000 });
      await progress.getByText('已接通 1').waitFor();
      await progress.getByText('未接通 2').waitFor();
      await shot('task-progress', manager);
      await mctx.close();

      // the recording came by webhook, was stored on the lead and transcribed: heard on the lead's detail
      let recordingId = null;
      for (let i = 0; i < 80 && !recordingId; i++) {
        const calls = await apiCall(page, 'POST', '/api/robot/call/v1/pagelist', { clueId: leads[0].id });
        recordingId = calls.data?.lists?.[0]?.recordingId ?? null;
        if (!recordingId) await page.waitForTimeout(300);
      }
      assert.ok(recordingId, 'the answered call has its recording');
      await page.goto(`${baseUrl}/main/customerManage`);
      await page.getByTestId('filter-keyword').fill(leads[0].phone);
      await page.getByTestId('filter-search').click();
      await page.getByTestId('clue-table').getByText('周丽华').first().click();
      const link = page.getByTestId('call-link').first();
      await link.waitFor({ timeout: 15_000 });
      await shot('lead-with-call');
      await page.goto(`${baseUrl}${await link.getAttribute('href')}`);
      await page.getByTestId('transcript').getByText('这周六上午有一节免费的试听课').waitFor({ timeout: 30_000 });
      await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
      await shot('call-transcript');
    },
  },
  {
    name: '防撞单：另一坐席刚拨打过的客户被拒绝并说明是谁在拨打；电销卫士禁呼号码拨打前被拒绝',
    async run({ page, newContext, shot, baseUrl }) {
      // the administrator turns anti-collision on and blocks a number on /main/seatManage
      await signIn(page, baseUrl, 'admin');
      const on = await apiCall(page, 'POST', '/api/backend/organization/setAntiCollision', {
        status: 1,
        protectDays: 7,
        scope: 1,
      });
      assert.equal(on.code, 1, on.msg);
      const shared = await newLead(page, '冯思远');
      const blocked = await newLead(page, '何美玲');
      await page.goto(`${baseUrl}/main/seatManage`);
      await page.getByRole('tab', { name: '电销卫士' }).click();
      await page.getByRole('button', { name: /添加号码/ }).click();
      const dialog = page.getByRole('dialog').filter({ hasText: '添加号码' });
      await dialog.getByLabel('号码类型').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: '禁呼号码' })
        .click();
      await dialog.getByLabel('号码', { exact: true }).fill(blocked.phone);
      await dialog.getByLabel('原因').fill('客户要求不再来电');
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('客户要求不再来电').waitFor();
      await shot('blocked-number');

      // two tasks hold the same lead: seat01 calls it in one, seat02 is refused in the other
      const users = await orgUsers(page);
      const seat01 = users.find((u) => u.realName === '张伟').userId;
      const seat02 = users.find((u) => u.realName === '李娜').userId;
      await taskOf(page, '防撞单任务甲', [seat01], [shared.id]);
      await taskOf(page, '防撞单任务乙', [seat02], [blocked.id, shared.id]);

      const s1 = await (await newContext()).newPage();
      await signIn(s1, baseUrl, 'seat01');
      const bench1 = await openWorkbench(s1, baseUrl, '防撞单任务甲');
      await bench1.getByTestId('lead-name').filter({ hasText: '冯思远' }).waitFor();
      await bench1.getByTestId('call-button').click();
      await bench1.getByTestId('call-status').filter({ hasText: '更新中' }).waitFor({ timeout: 10_000 });

      const s2 = await (await newContext()).newPage();
      await signIn(s2, baseUrl, 'seat02');
      const bench2 = await openWorkbench(s2, baseUrl, '防撞单任务乙');
      await bench2.getByTestId('lead-name').filter({ hasText: '何美玲' }).waitFor();
      await bench2.getByTestId('call-button').click();
      await s2.locator('.ant-message').getByText('电销卫士：该号码已禁呼（客户要求不再来电）').waitFor();
      await shot('blocked-refused', s2);
      assert.equal(await bench2.getByTestId('call-status').count(), 0, 'nothing was dialled');
      await bench2.getByTestId('skip-lead').click();
      await bench2.getByTestId('lead-name').filter({ hasText: '冯思远' }).waitFor();
      await bench2.getByTestId('call-button').click();
      await s2
        .locator('.ant-message')
        .getByText(/^防撞单：「张伟」(正在拨打该号码|已于 .* 拨打该号码)/)
        .waitFor();
      await shot('anti-collision-refused', s2);
    },
  },
  {
    name: '一键拨打与拨号盘：坐席在客户详情直接拨打，状态实时变化后写跟进；拨号盘拨打新号码生成拨号盘线索；经理用公海客户包建外呼任务',
    async run({ page, newContext, shot, baseUrl }) {
      await signIn(page, baseUrl, 'seat01');
      const lead = await newLead(page, '孙海涛', { answer: true, talkSeconds: 6 });
      // the lead's own page (the detail drawer): call, live status, follow-up
      await page.goto(`${baseUrl}/main/customerManage`);
      await page.getByTestId('filter-keyword').fill(lead.phone);
      await page.getByTestId('filter-search').click();
      await page.getByTestId('clue-table').getByText('孙海涛').first().click();
      const detail = page.getByTestId('customer-detail');
      await detail.getByTestId('detail-call').click();
      const status = detail.getByTestId('call-status');
      await status.filter({ hasText: '更新中' }).waitFor({ timeout: 10_000 });
      await shot('detail-calling');
      await status.filter({ hasText: '已接通' }).waitFor({ timeout: 20_000 });
      const panel = detail.getByTestId('call-panel');
      await panel.getByTestId('follow-content').fill('客户想了解周末班课时安排');
      await panel.getByTestId('follow-save').click();
      await panel.getByTestId('follow-card').waitFor({ state: 'detached' });
      await detail.getByText('客户想了解周末班课时安排').first().waitFor();
      await shot('detail-followed');

      // the dial pad: a number no lead has becomes the seat's 拨号盘线索
      const typed = phone();
      await page.goto(`${baseUrl}/main/outCall`);
      await page.getByTestId('open-dial-pad').click();
      const pad = page.getByRole('dialog').filter({ hasText: '拨号盘' });
      await pad.getByTestId('dial-number').fill(typed.slice(0, 8));
      for (const k of typed.slice(8)) await pad.getByRole('button', { name: k, exact: true }).click();
      assert.equal(await pad.getByTestId('dial-number').inputValue(), typed);
      await pad.getByTestId('dial-call').click();
      await pad.getByTestId('call-status').filter({ hasText: '已接通' }).waitFor({ timeout: 20_000 });
      await pad.getByTestId('dial-lead').waitFor();
      await shot('dial-pad');
      await pad.getByTestId('follow-content').fill('拨号盘来电咨询，已建档');
      await pad.getByTestId('follow-save').click();
      await pad.getByTestId('follow-card').waitFor({ state: 'detached' });
      const found = await apiCall(page, 'POST', '/api/robot/organizationClue/list', { keyword: typed });
      assert.equal(found.code, 1, found.msg);
      assert.equal(found.data.total, 1);
      assert.equal(found.data.lists[0].receiveTypeName, '拨号盘线索');
      await pad.getByTestId('dial-lead').click();
      await page.getByTestId('customer-detail').getByText('拨号盘来电咨询，已建档').first().waitFor();
      await shot('dial-pad-lead');

      // the manager builds a task from a pool package
      const m = await (await newContext()).newPage();
      await signIn(m, baseUrl, 'manager');
      const pooled = await newLead(m, '钱志强');
      const packages = await apiCall(m, 'POST', '/api/robot/organizationPublicsea/packageList', {});
      assert.equal(packages.code, 1, packages.msg);
      const pool = packages.data[0];
      const moved = await apiCall(m, 'POST', '/api/robot/organizationPublicsea/transferToSea', {
        poolId: pool.poolId,
        clueIds: [pooled.id],
        reason: '长期未接通',
      });
      assert.equal(moved.code, 1, moved.msg);
      await m.goto(`${baseUrl}/main/outCall`);
      await m.getByRole('button', { name: /新建任务/ }).click();
      const dialog = m.getByRole('dialog').filter({ hasText: '新建外呼任务' });
      await dialog.getByLabel('任务名称').fill('公海回捞（E2E）');
      await dialog.getByLabel('外呼坐席').click();
      await m
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: '张伟' })
        .first()
        .click();
      await m.keyboard.press('Escape');
      await dialog.getByText('公海客户包').click();
      await dialog.getByLabel('公海', { exact: true }).click();
      await m
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: pool.poolName })
        .first()
        .click();
      await shot('pool-task-form', m);
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = m.locator('tbody tr.ant-table-row').filter({ hasText: '公海回捞（E2E）' });
      await row.getByText('未开始').waitFor();
      const tasks = await apiCall(m, 'POST', '/api/robot/calltask/pagelist', { keyword: '公海回捞（E2E）' });
      const leads = await apiCall(m, 'POST', '/api/robot/cluetask/pagelist', {
        taskId: tasks.data.lists[0].id,
        pageSize: 100,
      });
      assert.ok(
        leads.data.lists.some((l) => l.clueId === pooled.id),
        'the pool lead is in the task',
      );
      await shot('pool-task', m);

      // a user with no seat bound is told so, and nothing is dialled
      const a = await (await newContext()).newPage();
      await signIn(a, baseUrl, 'admin');
      const unbound = await newLead(a, '褚雅琴');
      await a.goto(`${baseUrl}/main/customerManage`);
      await a.getByTestId('filter-keyword').fill(unbound.phone);
      await a.getByTestId('filter-search').click();
      await a.getByTestId('clue-table').getByText('褚雅琴').first().click();
      await a.getByTestId('detail-call').click();
      await a.locator('.ant-message').getByText('您还没有绑定坐席，请联系管理员在坐席管理中绑定').waitFor();
      assert.equal(await a.getByTestId('call-panel').count(), 0, 'nothing was dialled');
      await shot('no-seat', a);
    },
  },
  {
    name: 'SIP 话机：坐席用服务端下发的账号通过 WebSocket 注册到话机服务器，拨号盘可用；没有麦克风时说明原因',
    async run({ page, shot, baseUrl }) {
      await signIn(page, baseUrl, 'seat01');
      const account = await apiCall(page, 'POST', '/api/robot/callset/getSipAccount', {});
      assert.equal(account.code, 1, account.msg);
      assert.equal(account.data.configured, true);
      registrar.users.set(account.data.username, account.data.password);
      await page.goto(`${baseUrl}/main/sipPhone`);
      await page.getByTestId('sip-registration').getByText('已注册').waitFor({ timeout: 15_000 });
      assert.ok(registrar.registered.has(account.data.username), 'the registrar accepted the digest');
      for (const k of ['1', '3', '8']) await page.getByRole('button', { name: k, exact: true }).click();
      assert.equal(await page.getByTestId('sip-number').inputValue(), '138');
      await page.getByTestId('sip-number').fill('13800138000');
      await shot('sip-registered');
      await page.getByTestId('sip-call').click();
      await page.getByText('无法使用麦克风，请检查麦克风和浏览器权限').waitFor({ timeout: 15_000 });
      await page.getByTestId('sip-state').getByText('空闲').waitFor();
      await shot('sip-no-microphone');
      // a wrong password is refused by the registrar: the page says so
      registrar.users.set(account.data.username, 'not-the-password');
      await page.reload();
      await page.getByTestId('sip-registration').getByText('注册失败').waitFor({ timeout: 15_000 });
    },
  },
];
