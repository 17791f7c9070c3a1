// Real-time guidance (/main/aiTimeTeacher, /main/guideRecord): a seat guides an online meeting whose audio the browser
// captures (Chromium's fake capture plays a WAV said by espeak-ng, made here), streamed to the server and through a
// local fake FunASR server (server/src/test/fakeFunasr.ts, 2pass protocol) that replays the recorded results; the
// customer's objection brings a card with the knowledge base's answer over the push, the seat marks it used, and the
// session is in 指导记录 with its transcript and the card used.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fakeFunAsr, recordedSteps } from '../server/src/test/fakeFunasr.ts';
import { apiCall, scratchDir } from './lib/calls.mjs';

const CUSTOMER = ['你们这个课程价格太贵了'];
const AGENT = ['您好我是星辰教育的课程顾问小王'];

let fake = null;
async function fakeAsr() {
  fake ??= await fakeFunAsr((start) =>
    recordedSteps(String(start.wav_name).endsWith('customer') ? CUSTOMER : AGENT, 1500),
  );
  return fake;
}

export async function serverEnv() {
  const f = await fakeAsr();
  process.on('exit', () => void f.close());
  return { GUIDANCE_ASR: 'funasr', GUIDANCE_FUNASR_URL: f.url, GUIDANCE_IDLE_SECONDS: '10' };
}

/** Chromium captures a spoken WAV as its fake microphone (and grants the permission without asking). */
export async function browserArgs() {
  const wav = join(scratchDir(), 'guidance-meeting.wav');
  const said = join(scratchDir(), 'guidance-said.wav');
  execFileSync('espeak-ng', ['-v', 'cmn', '-s', '160', '-w', said, `${CUSTOMER[0]}。${AGENT[0]}。`]);
  execFileSync('sox', [said, '-r', '16000', '-c', '1', '-b', '16', wav, 'pad', '0', '2']);
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}`,
    '--autoplay-policy=no-user-gesture-required',
  ];
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

export default [
  {
    name: '线上会议实时指导：浏览器采集会议音频，客户异议弹出知识库答案卡片，坐席采用；指导记录中可见',
    async run({ page, newContext, baseUrl, shot }) {
      await signIn(page, baseUrl, 'admin');
      const saved = await apiCall(page, 'POST', '/api/backend/baseKnowledgeInfo/save', {
        base: 2,
        kind: 4,
        title: '客户嫌课程价格贵',
        content: '先认同客户的感受，再说明课程包含一对一辅导，支持分期付款，每月只需三百元。',
      });
      assert.equal(saved.code, 1, saved.msg);
      // the organisation opens its guidance trial (企业订单 → 申请试用), as a customer does before the first call
      const trial = await apiCall(page, 'POST', '/api/backend/organizationAccountRecords/onTrial', {
        product: 'guidance',
      });
      assert.equal(trial.code, 1, trial.msg);

      const seat = await (await newContext()).newPage();
      await signIn(seat, baseUrl, 'seat01');
      await seat.goto(`${baseUrl}/main/aiTimeTeacher`);
      await seat.getByText('剩余指导时长').waitFor();
      await seat.getByRole('combobox').click();
      await seat.getByText('客户声音：音频输入设备').click();
      await seat.getByRole('button', { name: /开始指导/ }).click();
      await seat.getByRole('button', { name: /结束指导/ }).waitFor();

      const card = seat.getByTestId('guidance-card-answer').first();
      await card.waitFor({ timeout: 30_000 });
      await card.getByText('每月只需三百元').first().waitFor();
      await seat.getByTestId('guidance-transcript').getByText(CUSTOMER[0]).first().waitFor();
      await shot('guidance-live-card', seat);
      await card.getByRole('button', { name: /采\s*用/ }).click();
      await card.getByText('已采用').waitFor();
      await seat.getByRole('button', { name: /结束指导/ }).click();
      await seat.getByText('实时指导已结束').waitFor();
      assert.ok(
        fake.connections.every((c) => !c.problems.length),
        JSON.stringify(fake.connections.map((c) => c.problems)),
      );
      assert.ok(fake.connections.some((c) => c.start?.audio_fs === 16000));

      await seat.goto(`${baseUrl}/main/guideRecord`);
      const row = seat.locator('tbody tr.ant-table-row').first();
      await row.getByText('线上会议指导').waitFor();
      await row.getByRole('button', { name: '详情' }).click();
      const detail = seat.getByTestId('guide-record-detail');
      await detail.getByText(CUSTOMER[0]).first().waitFor();
      await detail.getByTestId('guidance-card-answer').getByText('已采用').waitFor();
      await shot('guidance-record-detail', seat);
    },
  },
];
