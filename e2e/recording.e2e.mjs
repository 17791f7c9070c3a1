// Scenarios of recordings: upload a batch with a duplicate, play with rate change and click-to-seek, rerun a failed
// transcription, bind to a lead and find the call in its interaction records, pause and resume an upload. They run
// against their own server whose `openai` speech engine points at a fake OpenAI-compatible server started here.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'rec-e2e-'));
const SENTENCES = {
  agent: ['您好，我是星辰教育的顾问小王', '我们有一个免费的试听课', '那我把课程介绍发到您微信上'],
  customer: ['你好，你说吧', '可以，你发过来我看一下'],
};

/** The fake engine: per request (one channel), sentences at fixed times; can be told to fail. */
let failures = 0;
let calls = 0;
const fake = createServer((req, res) => {
  const chunks = [];
  req.on('data', (d) => chunks.push(d));
  req.on('end', () => {
    calls++;
    if (failures > 0) {
      failures--;
      res.writeHead(503).end('engine overloaded');
      return;
    }
    // The request of the agent's channel comes first (left), then the customer's.
    const who = calls % 2 === 1 ? 'agent' : 'customer';
    const list = SENTENCES[who];
    const offset = who === 'agent' ? 0 : 1.2;
    const segments = list.map((text, i) => ({ start: offset + i * 2.4, end: offset + i * 2.4 + 1.8, text }));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ text: list.join(''), segments }));
  });
});

/** This file's server settings: run.mjs starts one server of them for the file, and a fresh one for a retry. */
export async function serverEnv() {
  if (!fake.listening) await new Promise((r) => fake.listen(0, '127.0.0.1', r));
  return {
    ASR_ENGINE: 'openai',
    ASR_OPENAI_BASE_URL: `http://127.0.0.1:${fake.address().port}`,
    ASR_OPENAI_MODEL: 'fake',
  };
}

function wav(name, text, seconds = 8) {
  const raw = join(dir, `${name}.raw.wav`);
  const mono = join(dir, `${name}.m.wav`);
  const out = join(dir, name);
  execFileSync('espeak-ng', ['-v', 'cmn', '-s', '170', text, '-w', raw]);
  execFileSync('sox', [raw, '-r', '8000', '-c', '1', '-b', '16', mono, 'pad', '0', String(seconds)]);
  execFileSync('sox', [mono, '-c', '2', out, 'trim', '0', String(seconds)]);
  return out;
}

async function signIn(page, baseUrl) {
  await page.goto(`${baseUrl}/login`);
  await page.getByPlaceholder('账号 / 手机号').fill('admin');
  await page.getByPlaceholder('密码').fill('admin@123');
  await page
    .getByRole('button', { name: /登\s*录/ })
    .first()
    .click();
  await page.waitForURL(/\/main(\/|$)/);
}

/** Calls the API in the page with its session token. */
function apiCall(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = sessionStorage.getItem('token');
      const res = await fetch(path, {
        method,
        headers: {
          'content-type': 'application/json',
          authorization: token ?? '',
          'x-support-features': 'standard-HTTP-status',
        },
        body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
      });
      return res.json();
    },
    { method, path, body },
  );
}

async function uploadFiles(page, baseUrl, files) {
  await page.goto(`${baseUrl}/main/recordingFileManage`);
  await page.getByTestId('open-upload').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles(files);
  await dialog.getByTestId('upload-source').getByText('企业电话', { exact: true }).click();
  await dialog.getByTestId('start-upload').click();
  return dialog;
}

async function waitAsr(page, id, done = (d) => d.asrStatus >= 3 && d.metricsStatus >= 3) {
  for (let i = 0; i < 100; i++) {
    const r = await apiCall(page, 'GET', `/api/analysis/asr/V1/getAsrText?recordId=${id}`);
    if (r.code === 1 && done(r.data)) return r.data;
    await page.waitForTimeout(300);
  }
  throw new Error(`recording ${id} did not settle`);
}

export default [
  {
    name: '上传一批录音（含一个重复文件）：重复的被跳过，其余上传成功',
    async run({ page, shot, baseUrl }) {
      await signIn(page, baseUrl);
      const a = wav('通话_13912345678.wav', '您好，我是星辰教育的顾问小王，请问您现在方便吗');
      const b = wav('回访.wav', '您好，这里是售后回访，请问课程体验怎么样', 6);
      const dup = join(dir, 'a-副本.wav');
      copyFileSync(a, dup);
      const before = (await apiCall(page, 'POST', '/api/robot/recording/v1/pagelist', { pageNum: 1, pageSize: 10 }))
        .data.total;
      const dialog = await uploadFiles(page, baseUrl, [a, b, dup]);
      const phases = dialog.getByTestId('upload-phase');
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('[data-testid=upload-phase]')].filter((e) => /成功|跳过/.test(e.textContent))
            .length === 3,
        null,
        { timeout: 60_000 }, // three files hashed and sent one after another
      );
      const texts = await phases.allInnerTexts();
      assert.equal(texts.filter((t) => t.includes('上传成功')).length, 2);
      assert.equal(texts.filter((t) => t.includes('已存在，已跳过')).length, 1);
      await shot('upload-batch');
      await dialog.getByRole('button', { name: 'Close' }).or(page.locator('.ant-modal-close')).first().click();
      await page.locator('tbody tr.ant-table-row').filter({ hasText: '回访.wav' }).waitFor();
      const after = (await apiCall(page, 'POST', '/api/robot/recording/v1/pagelist', { pageNum: 1, pageSize: 10 })).data
        .total;
      assert.equal(after - before, 2, 'two stored, the duplicate not');
      const log = await apiCall(page, 'POST', '/api/backend/aiVoiceUploadLog/pagelist', { pageNum: 1, pageSize: 10 });
      assert.ok(
        log.data.lists.some((l) => l.result === 2),
        'the skipped duplicate is logged',
      );
      await shot('list');

      // A selection is dropped by a new search: the export then takes the filtered list, not stale rows.
      const exportButton = page.getByTestId('export-recordings');
      await page.locator('tbody tr.ant-table-row').first().locator('.ant-checkbox-input').check();
      await exportButton.filter({ hasText: '导出选中（1）' }).waitFor();
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await exportButton.filter({ hasNotText: '选中' }).waitFor();
      assert.equal(await page.locator('tbody .ant-checkbox-checked').count(), 0);
    },
  },
  {
    name: '通话详情：播放、倍速、点击句子跳转，当前句高亮，销售与客户',
    async run({ page, shot, baseUrl }) {
      await signIn(page, baseUrl);
      let list = await apiCall(page, 'POST', '/api/robot/recording/v1/pagelist', {
        pageNum: 1,
        pageSize: 10,
        fileName: '13912345678',
      });
      if (!list.data.total) {
        // run on its own: upload the call first
        await uploadFiles(page, baseUrl, [
          wav('通话_13912345678.wav', '您好，我是星辰教育的顾问小王，请问您现在方便吗'),
        ]);
        await page.waitForFunction(() =>
          [...document.querySelectorAll('[data-testid=upload-phase]')].some((e) => /成功|跳过/.test(e.textContent)),
        );
        list = await apiCall(page, 'POST', '/api/robot/recording/v1/pagelist', {
          pageNum: 1,
          pageSize: 10,
          fileName: '13912345678',
        });
      }
      const id = list.data.lists[0].id;
      await waitAsr(page, id);
      await page.goto(`${baseUrl}/callDetail?id=${id}`);
      const transcript = page.getByTestId('transcript');
      await transcript.getByText('我们有一个免费的试听课').waitFor();
      assert.ok((await transcript.textContent()).includes('销售'));
      assert.ok((await transcript.textContent()).includes('客户'));
      const audio = page.locator('audio');
      await page.waitForFunction(() => document.querySelector('audio')?.readyState >= 1);
      // rate 1.5
      await page.locator('.ant-card').first().locator('.ant-select').click();
      await page.locator('.ant-select-dropdown:visible').getByText('1.5x', { exact: true }).click();
      assert.equal(await audio.evaluate((a) => a.playbackRate), 1.5);
      // click the agent's second sentence (starts at 2.4 s): the player seeks there and it is highlighted
      await transcript.getByText('我们有一个免费的试听课').click();
      await page.waitForFunction(() => {
        const a = document.querySelector('audio');
        return a && a.currentTime >= 2.3;
      });
      await page.locator('[data-active=true]').filter({ hasText: '我们有一个免费的试听课' }).waitFor();
      await audio.evaluate((a) => a.pause());
      const at = await audio.evaluate((a) => a.currentTime);
      assert.ok(at >= 2.3 && at < 6, `seeked to ${at}`);
      await page.getByTestId('metrics').getByText('销售说话占比').waitFor();
      await shot('call-detail');
      // the DingTalk variant shows the same call inside the shell
      await page.goto(`${baseUrl}/main/dingTalkCallDetail?id=${id}`);
      await page.getByTestId('side-menu').waitFor();
      await page.getByTestId('transcript').getByText('我们有一个免费的试听课').waitFor();
      await shot('dingtalk-call-detail');
    },
  },
  {
    name: '转写失败显示原因，点击重新识别后完成',
    async run({ page, shot, baseUrl }) {
      await signIn(page, baseUrl);
      failures = 100; // every retry fails until told otherwise
      const c = wav('失败样例.wav', '这是一段会识别失败的录音', 5);
      await uploadFiles(page, baseUrl, [c]);
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[data-testid=upload-phase]')].some((e) => e.textContent.includes('上传成功')),
      );
      const list = await apiCall(page, 'POST', '/api/robot/recording/v1/pagelist', {
        pageNum: 1,
        pageSize: 10,
        fileName: '失败样例',
      });
      const id = list.data.lists[0].id;
      await waitAsr(page, id, (d) => d.asrStatus === 4);
      await page.goto(`${baseUrl}/callDetail?id=${id}`);
      await page
        .getByTestId('asr-error')
        .getByText(/engine overloaded/)
        .waitFor();
      await shot('failed');
      failures = 0;
      calls = 0;
      await page.getByTestId('rerun-asr').click();
      await page.getByTestId('asr-status').getByText('已完成').waitFor({ timeout: 30_000 });
      await page.getByTestId('transcript').getByText('您好，我是星辰教育的顾问小王').waitFor();
      await shot('rerun-done');
      // With a transcript there, 重新识别 asks first (it would replace the text); cancelled, nothing is resubmitted.
      const before = calls;
      await page.getByTestId('rerun-asr').click();
      const confirm = page.locator('.ant-popconfirm').filter({ hasText: '重新识别将覆盖当前的通话文本' });
      await confirm.waitFor();
      await shot('rerun-confirm');
      await confirm.getByRole('button', { name: /取\s*消/ }).click();
      await confirm.waitFor({ state: 'hidden' });
      await page.waitForTimeout(500);
      assert.equal(calls, before, 'no transcription was started');
      await page.getByTestId('asr-status').getByText('已完成').waitFor();
    },
  },
  {
    name: '录音绑定线索，在客户互动记录中找到该通话',
    async run({ page, shot, baseUrl }) {
      await signIn(page, baseUrl);
      const lead = await apiCall(page, 'POST', '/api/robot/organizationClue/add', {
        name: '赵女士',
        // a number of this attempt's own: a retry runs on the file's shared server, where the first attempt's lead stays
        phone: `137${String(Date.now()).slice(-8)}`,
      });
      assert.equal(lead.code, 1, lead.msg);
      const clueId = lead.data.id ?? lead.data.clueId;
      await uploadFiles(page, baseUrl, [wav('绑定样例.wav', '赵女士您好，我是课程顾问', 5)]);
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[data-testid=upload-phase]')].some((e) => e.textContent.includes('上传成功')),
      );
      await page.locator('.ant-modal-close').first().click();
      const row = page.locator('tbody tr.ant-table-row').filter({ hasText: '绑定样例.wav' });
      await row.getByRole('button', { name: '绑定线索' }).click();
      await page.getByTestId('bind-clue-id').fill(String(clueId));
      await page.locator('#bind-ok').click();
      await page.getByText('绑定成功').waitFor();
      await row.getByText('赵女士', { exact: true }).waitFor(); // the bound lead by its name
      await shot('bound');
      // Opened again the dialog starts empty; leaving the id empty would unbind, so it asks first (cancelled here).
      await row.getByRole('button', { name: '绑定线索' }).click();
      assert.equal(await page.getByTestId('bind-clue-id').inputValue(), '');
      await page.locator('#bind-ok').click();
      const unbind = page.locator('.ant-modal-confirm').filter({ hasText: '确定解除 1 条录音与线索的绑定吗？' });
      await unbind.waitFor();
      await unbind.getByRole('button', { name: /取\s*消/ }).click();
      await unbind.waitFor({ state: 'hidden' });
      await page
        .getByRole('dialog')
        .filter({ hasText: '绑定 1 条录音到线索' })
        .getByRole('button', { name: /取\s*消/ })
        .click();
      await row.getByText('赵女士', { exact: true }).waitFor(); // the bound lead by its name
      const inter = await apiCall(page, 'POST', '/api/robot/interactive/getCustomerInteractionAllList', {
        pageNum: 1,
        pageSize: 20,
        clueId,
      });
      assert.equal(inter.code, 1, inter.msg);
      const call = inter.data.lists.find((i) => i.type === 'call');
      assert.ok(call, 'the call is among the lead interaction records');
      // The customer detail page lists the call among the lead's interaction records, linking to the call detail.
      await page.goto(`${baseUrl}/main/customerManage`);
      await page.getByTestId('clue-table').getByText('赵女士').first().click();
      const link = page.getByTestId('call-link').first();
      await link.waitFor({ timeout: 15_000 });
      assert.match((await link.getAttribute('href')) ?? '', /\/callDetail\?id=\d+/);
      await shot('lead-detail');
    },
  },
  {
    name: '上传中可暂停，继续上传后完成',
    async run({ page, shot, baseUrl }) {
      await signIn(page, baseUrl);
      // The first upload request is held (never answered) so that 暂停 catches it under way.
      let hold = true;
      let reached;
      const held = new Promise((r) => (reached = r));
      await page.route('**/headset/uploadRecording', (route) => (hold ? reached() : route.continue()));
      const dialog = await uploadFiles(page, baseUrl, [
        wav('暂停样例一.wav', '这是第一段暂停测试录音', 4),
        wav('暂停样例二.wav', '这是第二段暂停测试录音', 4),
      ]);
      await held;
      await dialog.getByTestId('pause-upload').click();
      await dialog.getByTestId('upload-phase').filter({ hasText: '已暂停' }).waitFor({ timeout: 5000 });
      await dialog.getByTestId('start-upload').filter({ hasText: '继续上传' }).waitFor();
      await shot('paused');
      hold = false;
      await dialog.getByTestId('start-upload').click();
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('[data-testid=upload-phase]')].filter((e) => e.textContent.includes('上传成功'))
            .length === 2,
      );
      await page.unroute('**/headset/uploadRecording');
    },
  },
];
