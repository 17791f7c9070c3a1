// Scenarios of AI call analysis: a call uploaded on the recording page is transcribed and analysed; its evidence
// opens the sentence and seeks the audio; a correction shows beside the machine's result and drives the list's
// filters; the owner gets the AI messages; the settings and the open page; an organisation that runs out of AI
// analysis balance sees new calls pause, and analysed after a top-up. They run against their own server whose
// `openai` speech engine (and the LLM of the model test) is a fake OpenAI-compatible server started here.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiCall, quietFlac, uploadWithTranscript, waitAnalysed } from './lib/calls.mjs';

const dir = mkdtempSync(join(tmpdir(), 'analysis-e2e-'));

/** What the fake engine hears, per channel (the agent's channel is transcribed first). */
const SENTENCES = {
  agent: [
    '您好，我是星辰教育的课程顾问小王，请问是李女士吗',
    '我们少儿编程有免费的试听课，报名后我们保证孩子成绩提高',
    '好的，我把课程介绍发到您微信上，周六上午十点试听',
  ],
  customer: ['是我，你说吧', '听起来不错，我想给孩子报名，周六可以来试听吗', '好的，谢谢，那就周六见'],
};
/** The customer's sentence that shows the intention, and when it starts (s). */
const INTENT_SENTENCE = '听起来不错，我想给孩子报名，周六可以来试听吗';
const INTENT_AT = 3.6;

let asrCalls = 0;
const fake = createServer((req, res) => {
  const chunks = [];
  req.on('data', (d) => chunks.push(d));
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    // the model test of AI 设置: a chat completion answering the probe
    if (req.url.includes('/chat/completions')) {
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: '{"reply":"ok"}' } }] }));
      return;
    }
    asrCalls++;
    const who = asrCalls % 2 === 1 ? 'agent' : 'customer';
    const offset = who === 'agent' ? 0 : 1.2;
    const segments = SENTENCES[who].map((text, i) => ({ start: offset + i * 2.4, end: offset + i * 2.4 + 1.8, text }));
    res.end(JSON.stringify({ text: SENTENCES[who].join(''), segments }));
  });
});

let fakeUrl = null;
/** This file's server settings: run.mjs starts one server of them for the file, and a fresh one for a retry. */
export async function serverEnv() {
  if (!fakeUrl) {
    await new Promise((r) => fake.listen(0, '127.0.0.2', r));
    fakeUrl = `http://127.0.0.2:${fake.address().port}`;
  }
  return { ASR_ENGINE: 'openai', ASR_OPENAI_BASE_URL: fakeUrl, ASR_OPENAI_MODEL: 'fake', LOG_LEVEL: 'info' };
}

/** A stereo call of `seconds` with spoken Mandarin (the fake engine decides what it says). */
function speechWav(name, text, seconds = 8) {
  const raw = join(dir, `${name}.raw.wav`);
  const mono = join(dir, `${name}.m.wav`);
  const out = join(dir, name);
  execFileSync('espeak-ng', ['-v', 'cmn', '-s', '170', text, '-w', raw]);
  execFileSync('sox', [raw, '-r', '8000', '-c', '1', '-b', '16', mono, 'pad', '0', String(seconds)]);
  execFileSync('sox', [mono, '-c', '2', out, 'trim', '0', String(seconds)]);
  return out;
}

async function signIn(page, baseUrl, account = 'admin', password = 'admin@123') {
  await page.goto(`${baseUrl}/login`);
  await page.getByPlaceholder('账号 / 手机号').fill(account);
  await page.getByPlaceholder('密码').fill(password);
  await page
    .getByRole('button', { name: /登\s*录/ })
    .first()
    .click();
  await page.waitForURL(/\/main(\/|$)/);
}

/** Picks an option of an antd select by its text; a multiple select's dropdown is closed after (not in a dialog). */
async function pick(page, select, label, { multiple = true, search = false } = {}) {
  await select.click();
  // a long list is virtual: its option is found by typing
  if (search) await select.locator('input').fill(label);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click();
  if (multiple) await page.keyboard.press('Escape');
}

const rowOf = (page, text) =>
  page.getByTestId('analysis-table').locator('tbody tr.ant-table-row').filter({ hasText: text });

export default [
  {
    name: '上传录音后自动分析：点击依据定位文本并跳转音频，人工修正意向，按意向、通话标签、关键词筛选，负责人收到 AI 消息',
    async run({ page, context, shot, baseUrl }) {
      await signIn(page, baseUrl);
      // the recording upload page, the fake engine transcribes it, the pipeline analyses it
      const file = speechWav('试听邀约.wav', '您好，我是星辰教育的课程顾问，请问现在方便吗');
      await page.goto(`${baseUrl}/main/recordingFileManage`);
      await page.getByTestId('open-upload').click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[type=file]').setInputFiles([file]);
      await dialog.getByTestId('upload-source').getByText('企业电话', { exact: true }).click();
      await dialog.getByTestId('start-upload').click();
      await dialog.getByTestId('upload-phase').filter({ hasText: '上传成功' }).waitFor({ timeout: 30_000 });
      const found = await apiCall(page, 'POST', '/api/robot/recording/v1/pagelist', {
        pageNum: 1,
        pageSize: 10,
        fileName: '试听邀约',
      });
      const id = found.data.lists[0].id;
      const analysed = await waitAnalysed(page, id);
      assert.equal(analysed.effective.intentionName, '强意向');
      assert.ok(
        analysed.effective.violations.some((v) => v.text.includes('保证')),
        'the forbidden promise is found',
      );

      // 通话分析: the call is there, 已完成
      await page.goto(`${baseUrl}/main/callAnalysis`);
      const row = rowOf(page, '试听邀约.wav');
      await row.getByTestId('analysis-status').filter({ hasText: '已完成' }).waitFor();
      await row.getByText('强意向').waitFor();
      await shot('list');
      // 导出: the list as 通话分析.xlsx
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('export-analysis').click(),
      ]);
      assert.equal(download.suggestedFilename(), '通话分析.xlsx');

      // the call with its AI panel: click the intention's evidence
      await row.getByTestId('open-analysis').click();
      const drawer = page.locator('.ant-drawer-body');
      const panel = drawer.getByTestId('ai-panel');
      await panel.getByTestId('ai-status').filter({ hasText: '已完成' }).waitFor();
      await drawer.getByTestId('transcript').getByText(INTENT_SENTENCE).waitFor();
      await page.waitForFunction(() => document.querySelector('audio')?.readyState >= 1);
      const evidence = panel.getByTestId('ai-intention').getByTestId('evidence').filter({ hasText: '周六可以来试听' });
      await evidence.first().click();
      await drawer.locator('[data-evidence=true]').filter({ hasText: INTENT_SENTENCE }).waitFor();
      await page.waitForFunction((at) => (document.querySelector('audio')?.currentTime ?? 0) >= at - 0.1, INTENT_AT);
      await drawer.locator('audio').evaluate((a) => a.pause());
      const at = await drawer.locator('audio').evaluate((a) => a.currentTime);
      assert.ok(at >= INTENT_AT - 0.1 && at < INTENT_AT + 3, `seeked to ${at}`);
      // the violation, its words marked
      await panel.getByTestId('ai-violations').getByText('保证孩子成绩提高').first().waitFor();
      await shot('panel-evidence');

      // 修正: the intention becomes 一般意向; the machine's 强意向 stays beside it
      await panel.getByTestId('correct').click();
      const modal = page.getByRole('dialog').filter({ hasText: '修正分析结果' });
      await pick(page, modal.getByTestId('fix-intention'), '一般意向', { multiple: false });
      await modal.getByRole('button', { name: '保存修正' }).click();
      await panel.getByTestId('ai-intention').getByTestId('corrected').waitFor();
      await panel.getByTestId('ai-intention').getByTestId('intention-name').filter({ hasText: '一般意向' }).waitFor();
      await panel.getByTestId('ai-intention').getByTestId('machine-value').filter({ hasText: '强意向' }).waitFor();
      await shot('panel-corrected');
      // a comment in the thread
      await panel.getByRole('tab', { name: '评论' }).click();
      await panel.getByTestId('comment-input').fill('承诺提分属于违规话术，请注意');
      await panel.getByTestId('comment-submit').click();
      await panel.getByTestId('comment').filter({ hasText: '承诺提分属于违规话术' }).waitFor();
      await panel.getByRole('tab', { name: '对话指标' }).click();
      await panel.getByTestId('ai-figures').getByText('客户情绪').waitFor();
      await shot('panel-figures');
      await page.locator('.ant-drawer-close').click();

      // a carrier announcement, uploaded on the recording page with its transcript (a .json of the same name):
      // call tag 已关机, no conversation
      const carrierAudio = quietFlac('关机提示.flac', 6);
      const carrierText = join(dir, '关机提示.json');
      writeFileSync(
        carrierText,
        JSON.stringify({
          durationMs: 6000,
          segments: [
            {
              speaker: 'customer',
              startMs: 0,
              endMs: 5000,
              text: '您好，您拨打的用户已关机，请稍后再拨。Sorry, the subscriber you dialed is power off.',
            },
          ],
        }),
      );
      await page.goto(`${baseUrl}/main/recordingFileManage`);
      await page.getByTestId('open-upload').click();
      const uploadDialog = page.getByRole('dialog');
      await uploadDialog.locator('input[type=file]').setInputFiles([carrierAudio, carrierText]);
      await uploadDialog.getByTestId('with-transcript').waitFor();
      await shot('upload-with-transcript');
      await uploadDialog.getByTestId('upload-source').getByText('企业电话', { exact: true }).click();
      await uploadDialog.getByTestId('start-upload').click();
      await uploadDialog.getByTestId('upload-phase').filter({ hasText: '上传成功' }).waitFor({ timeout: 30_000 });
      const carrierRows = await apiCall(page, 'POST', '/api/robot/recording/v1/pagelist', {
        pageNum: 1,
        pageSize: 10,
        fileName: '关机提示',
      });
      const carrierId = carrierRows.data.lists[0].id;
      const carrier = await waitAnalysed(page, carrierId);
      assert.deepEqual(
        carrier.effective.callTags.map((t) => t.name),
        ['已关机'],
      );

      // filters: the corrected intention, a call tag, a keyword
      await page.goto(`${baseUrl}/main/callAnalysis`);
      const filter = page.getByTestId('analysis-filter');
      await pick(page, filter.getByTestId('filter-intention'), '一般意向');
      await filter.getByTestId('filter-search').click();
      await rowOf(page, '试听邀约.wav').waitFor();
      await rowOf(page, '关机提示.flac').waitFor({ state: 'detached' });
      await filter.getByRole('button', { name: /重\s*置/ }).click();
      await filter.getByTestId('filter-more').click();
      await pick(page, filter.getByTestId('filter-通话标签').locator('.ant-select'), '已关机', { search: true });
      await filter.getByTestId('filter-search').click();
      await rowOf(page, '关机提示.flac').waitFor();
      await rowOf(page, '试听邀约.wav').waitFor({ state: 'detached' });
      await shot('filter-call-tag');
      await filter.getByRole('button', { name: /重\s*置/ }).click();
      await filter.getByTestId('filter-keyword').fill('试听');
      await filter.getByTestId('filter-search').click();
      await rowOf(page, '试听邀约.wav').waitFor();
      await rowOf(page, '关机提示.flac').waitFor({ state: 'detached' });

      // the owner's AI messages: the header's message list, AI tab; a message opens its call
      await page.getByRole('button', { name: /^消息，未读/ }).click();
      const notices = page.getByTestId('notice-panel');
      await notices.getByRole('tab', { name: /AI 消息/ }).click();
      const message = notices.locator('.ant-list-item').filter({ hasText: '违规提醒' }).first();
      await message.waitFor();
      await notices.locator('.ant-list-item').filter({ hasText: '强意向客户提醒' }).first().waitFor();
      await shot('ai-messages');
      const [opened] = await Promise.all([context.waitForEvent('page'), message.click()]);
      await opened.waitForURL(new RegExp(`/callDetail\\?id=${id}$`));
      await opened.getByTestId('ai-panel').getByTestId('ai-status').filter({ hasText: '已完成' }).waitFor();
      await opened.close();
    },
  },
  {
    name: 'AI 设置：各页签、分析模型测试、重新分析进度',
    async run({ page, shot, baseUrl }) {
      await signIn(page, baseUrl);
      await page.goto(`${baseUrl}/main/aiSetting`);
      const tab = (name) => page.getByRole('tab', { name, exact: true }).click();
      await page.getByRole('cell', { name: '试听意向' }).waitFor();
      await shot('tags');
      await tab('意向规则');
      await page.getByText('强意向').first().waitFor();
      await shot('intention');
      // a hot word added here is the speech engine's too
      await tab('热词');
      await page.getByTestId('hot-word-input').fill('少儿编程，试听课');
      await page.getByTestId('hot-word-add').click();
      await page.getByTestId('hot-words').getByText('少儿编程').waitFor();
      const rule = page.locator('.ant-modal-confirm').filter({ hasText: '规则已保存' });
      await rule.waitFor();
      await rule.getByRole('button', { name: /暂\s*不/ }).click();
      const asr = await apiCall(page, 'POST', '/api/backend/asrConfig/get', {});
      assert.ok(JSON.stringify(asr.data).includes('少儿编程'), 'one store with the ASR hot words');
      await shot('hot-words');
      await tab('AI 字段');
      await page.locator('.ant-table').waitFor();
      await shot('fields');
      await tab('风险规则');
      await page.getByText('违禁词规则').waitFor();
      await shot('risk');
      // an OpenAI-compatible model: 测试 answers with the latency
      await tab('分析模型');
      await page.getByTestId('add-model').click();
      const modal = page.getByRole('dialog').filter({ hasText: '新增分析模型' });
      await modal.getByLabel('模型名称').fill('本地模型');
      await modal.getByLabel('接口地址').fill(`${fakeUrl}/v1`);
      await modal.getByLabel('模型', { exact: true }).fill('fake-chat');
      await modal.getByTestId('model-test').click();
      await modal.getByTestId('model-test-result').filter({ hasText: '连接成功' }).waitFor();
      await shot('model-test');
      await modal.getByRole('button', { name: /确\s*定/ }).click();
      await page.getByRole('cell', { name: '本地模型', exact: true }).waitFor();
      await tab('消息推送');
      await page.getByText('违规提醒').waitFor();
      await shot('msg-push');
      await tab('显示设置');
      await page.getByText('对话指标').waitFor();
      await shot('show-set');
      await tab('AI 资源包');
      await page.getByTestId('ai-balance').waitFor();
      await page.getByTestId('pack-table').locator('tbody tr.ant-table-row').first().waitFor();
      await shot('packs');

      // 按时间范围重新分析 from the list: a batch with its progress
      await page.goto(`${baseUrl}/main/callAnalysis`);
      await page.getByTestId('analysis-table').locator('tbody tr.ant-table-row').first().waitFor();
      await page.getByTestId('reanalyse-more').click();
      await page.getByRole('menuitem', { name: '按时间范围重新分析' }).click();
      const range = page.getByRole('dialog').filter({ hasText: '按时间范围重新分析' });
      await range.locator('.ant-picker').click();
      await page.locator('.ant-picker-presets:visible').getByText('近30天', { exact: true }).click();
      await range.getByRole('button', { name: '开始分析' }).click();
      const progress = page.getByTestId('reanalyse-progress');
      await progress.waitFor();
      await progress.getByText(/已完成：共 \d+ 通，分析完成 \d+ 通/).waitFor({ timeout: 60_000 });
      await shot('reanalyse-progress');
      await page.getByRole('button', { name: /^完\s*成$/ }).click();

      // the user's columns: 通话时长 taken out stays out after a reload
      const header = page.getByTestId('analysis-table').locator('thead');
      await header.getByText('通话时长').waitFor();
      await page.getByTestId('column-settings').click();
      const cols = page.getByRole('dialog').filter({ hasText: '列表字段设置' });
      await cols.getByRole('checkbox', { name: '通话时长' }).uncheck();
      await cols.getByRole('checkbox', { name: '通话小结' }).waitFor();
      await cols.getByRole('button', { name: /保\s*存/ }).click();
      await header.getByText('通话时长').waitFor({ state: 'detached' });
      await page.reload();
      await header.getByText('归属员工').waitFor();
      assert.equal(await header.getByText('通话时长').count(), 0);
    },
  },
  {
    name: '余额用完：新通话暂停分析并说明原因，在 AI 设置充值后自动完成分析；开通 AI 页',
    async run({ page, shot, settle, baseUrl, serverLogs }) {
      // a new organisation: no AI, no packs
      const phone = `139${String(Date.now()).slice(-8)}`;
      await page.goto(`${baseUrl}/register`);
      await page.getByLabel('机构名称').fill('晨光保险代理有限公司');
      await page.getByLabel('联系人姓名').fill('周晨');
      await page.getByLabel('手机号', { exact: true }).fill(phone);
      await page.getByRole('button', { name: '获取验证码' }).click();
      let code = null;
      for (let i = 0; i < 30 && !code; i++) {
        code = new RegExp(`短信验证码 (\\d{6}) 已发送至 ${phone}`).exec(serverLogs())?.[1] ?? null;
        if (!code) await page.waitForTimeout(200);
      }
      assert.ok(code, 'the log channel wrote the code');
      await page.locator('#code').fill(code);
      await page.getByLabel('密码', { exact: true }).fill('Chen@2025');
      await page.getByLabel('确认密码').fill('Chen@2025');
      await page.getByRole('button', { name: '注册并登录' }).click();
      await page.waitForURL(/\/main(\/|$)/);

      // without AI, 通话分析 invites to open it (the AI banner); closed, it stays closed
      await page.goto(`${baseUrl}/main/callAnalysis`);
      const banner = page.getByTestId('ai-banner');
      await banner.waitFor();
      await shot('ai-banner');
      await banner.getByRole('button', { name: '关闭' }).click();
      await banner.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByTestId('analysis-table').waitFor();
      assert.equal(await banner.count(), 0, 'a closed banner stays closed (cookie AiBanner)');
      assert.ok((await page.context().cookies()).some((c) => c.name === 'AiBanner'));

      // 开通 AI: the questionnaire, then open
      await page.goto(`${baseUrl}/aiOpenPage`);
      const open = page.getByTestId('ai-open-page');
      await open.getByText('所属行业').waitFor();
      for (const label of ['保险', '11-50 人', '100-500 通', '客户意向识别', '违规与合规检查', '企业电话'])
        await open.getByText(label, { exact: true }).click();
      await shot('open-page');
      await open.getByTestId('open-ai').click();
      await open.getByTestId('ai-opened').waitFor();
      await shot('open-page-opened');
      // opening again changes nothing: the page says it is open and links to 通话分析
      await page.reload();
      await open.getByTestId('go-analysis').waitFor();

      // use up the balance: a 30-minute call is charged 30 minutes at each analysis
      const balanceOf = async () =>
        (await apiCall(page, 'POST', '/api/backend/organizationCostCenter/getAiAnalyzeBalance', {})).data.balance;
      const long = await uploadWithTranscript(page, quietFlac('长通话.flac', 1800), {
        durationMs: 1_800_000,
        segments: [
          { speaker: 'agent', startMs: 0, endMs: 3000, text: '您好，我是晨光保险的顾问，想跟您介绍一款医疗险' },
          { speaker: 'customer', startMs: 3500, endMs: 6000, text: '我考虑一下，你先发资料给我' },
        ],
      });
      let version = (await waitAnalysed(page, long)).version;
      while ((await balanceOf()) >= 30) {
        const r = await apiCall(page, 'POST', '/api/analysis/asr/V1/reAnalyze', { recordingId: long });
        assert.equal(r.code, 1, r.msg);
        version = (await waitAnalysed(page, long, (d) => d.analysisStatus === 3 && d.version > version)).version;
      }
      const left = await balanceOf();
      // another call, longer than what is left: it waits for the balance
      const waiting = await uploadWithTranscript(page, quietFlac('续保回访.flac', (left + 1) * 60, 660), {
        durationMs: (left + 1) * 60_000,
        segments: [
          { speaker: 'agent', startMs: 0, endMs: 3000, text: '您好，您的车险下个月到期，续保可以享受九折' },
          { speaker: 'customer', startMs: 3500, endMs: 6000, text: '可以，续保需要准备什么材料' },
        ],
      });
      await waitAnalysed(page, waiting, (d) => d.paused);
      await page.goto(`${baseUrl}/callDetail?id=${waiting}`);
      const panel = page.getByTestId('ai-panel');
      await panel.getByTestId('analysis-paused').getByText('AI 分析余额不足，充值后将自动继续分析').waitFor();
      await panel.getByTestId('ai-status').filter({ hasText: '余额不足暂停' }).waitFor();
      await shot('panel-paused');

      // the organisation has no money of its own: the installation operator credits it (payment channels aside, the
      // only way money enters), then the header tells the AI account is low; 购买 (from the balance) in AI 设置 › AI 资源包
      const { organizationId } = (await apiCall(page, 'POST', '/api/backend/organization/getOrganizationDetail', {}))
        .data;
      const post = async (path, body, token) =>
        (
          await fetch(`${baseUrl}/api/backend${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
            body: JSON.stringify(body),
          })
        ).json();
      const op = await post('/operator/login', { account: 'operator', password: 'admin@123' });
      assert.equal(op.code, 1, op.msg);
      const credit = { organizationId, amountFen: 10_000, reason: '对公转账' };
      const credited = await post('/organizationCostCenter/manualCredit', credit, op.data.token);
      assert.equal(credited.code, 1, credited.msg);
      await page.goto(`${baseUrl}/main/callAnalysis`);
      // the server is still busy with the half-hour recordings above (audio metrics, analysis): the shell may take
      // longer than a click's wait to come up on a loaded machine
      await page.getByTestId('ai-account-tip').filter({ hasText: '余额不足' }).waitFor({ timeout: 60_000 });
      await shot('header-tip');
      await page.getByTestId('ai-account-tip').click();
      await page.waitForURL(/\/main\/aiSetting\?tab=packs/);
      await page.getByTestId('recharge').click();
      const recharge = page.getByRole('dialog').filter({ hasText: '用账户余额购买 AI 分析资源包' });
      await recharge.getByTestId('pack-units').fill('600');
      await settle();
      await recharge.getByRole('button', { name: '确认购买' }).click();
      await page.getByText('已购买').waitFor();
      await page.getByTestId('pack-table').getByText('600').first().waitFor();
      await shot('packs-recharged');
      await page.goto(`${baseUrl}/callDetail?id=${waiting}`);
      await page
        .getByTestId('ai-panel')
        .getByTestId('ai-status')
        .filter({ hasText: '已完成' })
        .waitFor({ timeout: 60_000 });
      await page.getByTestId('ai-panel').getByTestId('ai-intention').waitFor();
      await shot('panel-resumed');
    },
  },
];
