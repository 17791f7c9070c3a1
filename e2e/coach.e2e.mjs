// Scenarios of practising by voice (/main/aIPractice → 按下说话): Chromium's fake microphone plays a WAV file spoken by
// espeak-ng; the browser records it and sends it over the session's voice channel to the organisation's ASR engine,
// here the `openai` engine pointing at a fake OpenAI-compatible transcription server started by this file. The seat's
// spoken line is answered by the built-in customer, the seat ends and reads the review, the manager sees the session
// and its spoken line in 陪练记录. When the engine breaks, the seat is told and can go on typing.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SPOKEN = '您好，我是星辰教育的课程顾问小王，想了解一下贵公司员工培训的需求';
const dir = mkdtempSync(join(tmpdir(), 'coach-e2e-'));

/** The fake engine: answers what the seat said, after checking it got a real recording; can be told to fail. */
let asrMode = 'ok';
const asrRequests = [];
const asr = createServer((req, res) => {
  const chunks = [];
  req.on('data', (d) => chunks.push(d));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    asrRequests.push({ path: req.url, bytes: body.length, wav: body.includes('RIFF') && body.includes('WAVE') });
    if (asrMode === 'broken') {
      res.writeHead(503).end('engine overloaded');
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ text: SPOKEN, segments: [{ start: 0, end: 3, text: SPOKEN }] }));
  });
});

export async function serverEnv() {
  if (!asr.listening) await new Promise((r) => asr.listen(0, '127.0.0.1', r));
  return {
    ASR_ENGINE: 'openai',
    ASR_OPENAI_BASE_URL: `http://127.0.0.1:${asr.address().port}`,
    ASR_OPENAI_MODEL: 'fake',
  };
}

/** The microphone: a WAV file of the spoken line (16 kHz mono, 16 bit, some silence after it), played in a loop. */
export async function browserArgs() {
  const raw = join(dir, 'spoken.raw.wav');
  const wav = join(dir, 'spoken.wav');
  execFileSync('espeak-ng', ['-v', 'cmn', '-s', '170', SPOKEN, '-w', raw]);
  execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', wav, 'pad', '0', '1']);
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}`,
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

async function startDemoScript(page, baseUrl) {
  await page.goto(`${baseUrl}/main/aIPractice`);
  await page.getByTestId('practice-quota').waitFor();
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: '企业培训课程电话销售' });
  await row.getByRole('button', { name: '开始陪练' }).click();
  await page.getByTestId('practice-session').waitFor();
}

/** Speaks into the fake microphone for a few seconds. */
async function speak(page) {
  await page.getByRole('button', { name: '按下说话' }).click();
  await page.getByRole('button', { name: '结束说话' }).waitFor();
  await page.waitForTimeout(3000);
  await page.getByRole('button', { name: '结束说话' }).click();
}

export default [
  {
    name: '语音陪练：坐席用麦克风说话，经本机构 ASR 识别后客户接话；结束后看点评，经理在陪练记录看到语音说的话',
    async run({ page, baseUrl, newContext, shot }) {
      await signIn(page, baseUrl, 'seat01');
      await startDemoScript(page, baseUrl);
      asrMode = 'ok';
      const before = asrRequests.length;
      await speak(page);
      // the spoken line, recognised, is the seat's line; the customer answers it
      await page.getByTestId('agent-line').filter({ hasText: SPOKEN }).waitFor({ timeout: 20_000 });
      await page.waitForFunction(
        () => {
          const el = document.querySelectorAll('[data-testid="customer-line"]')[1];
          return el?.textContent && el.textContent !== '…';
        },
        null,
        { timeout: 15_000 },
      );
      const sent = asrRequests.slice(before);
      assert.equal(sent.length, 1, 'one recognition per spoken line');
      assert.equal(sent[0].path, '/v1/audio/transcriptions');
      // three seconds at 16 kHz, 16 bit: the engine got the recording, not a stub
      assert.ok(sent[0].wav && sent[0].bytes > 60_000, `the engine got ${sent[0].bytes} bytes`);
      await page.getByTestId('agent-line').filter({ hasText: SPOKEN }).getByText('语音').waitFor();
      await shot('voice-practice-chat');

      await page.getByRole('button', { name: '结束陪练' }).click();
      await page.getByTestId('practice-review').waitFor();
      await page.getByTestId('practice-total').waitFor();
      await page.getByTestId('practice-replay').getByText(SPOKEN).waitFor();
      await shot('voice-practice-review');

      const manager = await (await newContext()).newPage();
      await signIn(manager, baseUrl, 'manager');
      await manager.goto(`${baseUrl}/main/practicelog`);
      const row = manager.locator('tbody tr.ant-table-row').filter({ hasText: '张伟' }).first();
      await row.waitFor();
      await row.getByText('点评与回放').click();
      const drawer = manager.locator('.ant-drawer').filter({ hasText: '陪练点评' });
      const replay = drawer.getByTestId('practice-replay');
      await replay.getByText(SPOKEN).waitFor();
      await replay.getByText('我（语音）').waitFor();
      await shot('voice-practice-manager-log', manager);
    },
  },
  {
    name: '语音识别出错：坐席看到识别失败的提示，改用文字继续陪练',
    async run({ page, baseUrl, shot }) {
      await signIn(page, baseUrl, 'seat02');
      await startDemoScript(page, baseUrl);
      asrMode = 'broken';
      await speak(page);
      await page.getByText('语音识别失败，请稍后重试').waitFor({ timeout: 20_000 });
      await shot('voice-practice-asr-broken');
      asrMode = 'ok';
      await page.getByTestId('practice-input').fill('您好，我是星辰教育的课程顾问');
      await page.getByTestId('practice-input').press('Enter');
      await page.getByTestId('agent-line').filter({ hasText: '您好，我是星辰教育的课程顾问' }).waitFor();
    },
  },
  {
    name: '额度设置：看到 AI 陪练与话术助手的余额、公司与个人月额度和用量，用账户余额购买话术助手次数包',
    async run({ page, baseUrl, shot }) {
      await signIn(page, baseUrl, 'admin');
      await page.goto(`${baseUrl}/main/aIPractice`);
      await page.getByRole('tab', { name: '额度设置' }).click();
      const card = page.getByTestId('quota-assistant');
      await card.getByText('本月公司已用').waitFor();
      await page.getByTestId('quota-practice').getByText('本月我已用').waitFor();
      const before = (await card.locator('.ant-descriptions-item-content').first().textContent()) ?? '';
      const left = Number(/(\d+) 次/.exec(before)?.[1] ?? 0);
      await card.getByRole('button', { name: '购买话术助手次数包' }).click();
      const modal = page.locator('.ant-modal').filter({ hasText: '用账户余额购买话术助手次数包' });
      await modal.getByTestId('coaching-units').fill('300');
      await modal.getByText('15.00 元').waitFor();
      await modal.getByRole('button', { name: '确认购买' }).click();
      await page.getByText('已购买').waitFor();
      await card
        .getByText(`${left + 300} 次`, { exact: false })
        .first()
        .waitFor();
      await shot('coaching-quota');
    },
  },
];
