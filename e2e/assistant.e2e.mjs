// Scenarios of the speech assistant (话术助手, 话术记录): a seat's question answered by the built-in assistant for each
// of the four types (帮你谈, 帮你回, 润色, 开场白) from the organisation's analysed calls, a suggestion rated and found
// in 话术记录; with a model configured (a fake OpenAI-compatible server) the model writes them, and a broken model
// falls back to the built-in, visibly.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { apiCall, quietFlac, uploadWithTranscript, waitAnalysed } from './lib/calls.mjs';

const CALL = [
  ['a', '您好，我是星辰教育的课程顾问小王，请问是李先生吗？'],
  ['c', '是的，你说。'],
  ['a', '您上周咨询的少儿编程课，想跟您介绍一下课程安排。'],
  ['c', '我挺感兴趣的，你们和别家比有什么优势？'],
  ['a', '我们是八人小班，老师一对一批改作业，每月给您发学习报告。'],
  ['c', '听起来不错，那我今天就报名，你把合同发给我吧。'],
  ['a', '好的，我马上把合同和付款链接发给您。'],
];
const BEST_REPLY = '我们是八人小班，老师一对一批改作业，每月给您发学习报告。';

const transcriptOf = (lines) => ({
  durationMs: lines.length * 5000,
  segments: lines.map(([who, text], i) => ({
    speaker: who === 'a' ? 'agent' : 'customer',
    startMs: i * 5000,
    endMs: i * 5000 + 4000,
    text,
  })),
});

async function upload(page, name, lines) {
  const file = quietFlac(name, lines.length * 5, 523);
  return uploadWithTranscript(page, file, transcriptOf(lines));
}

/** Asks on the page: the type, the text, 生成建议; answers the answer card once its suggestions (or 暂无数据) show. */
async function ask(page, type, text) {
  await page.getByTestId('speech-type').getByText(type, { exact: true }).click();
  await page.getByTestId('assistant-text').fill(text);
  const answer = page.getByTestId('assistant-answer');
  const before = await answer.textContent();
  await page.getByTestId('assistant-ask').click();
  await answer.getByText(`${type}：`).first().waitFor();
  await page.waitForFunction(
    (b) => document.querySelector('[data-testid=assistant-answer]')?.textContent !== b,
    before,
  );
  return answer;
}

let mode = 'good';
const SUGGESTIONS = [
  { text: '李先生，我们八人小班的效果您可以先试听一次再决定。', basis: '依据客户的比较顾虑' },
  { text: '我把往期学员的学习报告发您看看，您对比一下。', basis: '参考优秀通话' },
];
// the page streams the answer (/hkzs/chatStream): the model writes `话术｜依据` lines, sent here in pieces 400 ms apart
const fake = createServer((req, res) => {
  const chunks = [];
  req.on('data', (d) => chunks.push(d));
  req.on('end', async () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    const asked = body.stream || body.response_format?.json_schema?.name === 'speech_assistant';
    if (!asked) {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: '{"reply":"ok"}' } }] }));
      return;
    }
    if (mode === 'down') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"error":"overloaded"}');
      return;
    }
    if (!body.stream) {
      const content = JSON.stringify({ suggestions: SUGGESTIONS });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const s of SUGGESTIONS) {
      for (const piece of [s.text.slice(0, 8), s.text.slice(8), `｜${s.basis}\n`]) {
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
        await new Promise((r) => setTimeout(r, 400));
      }
    }
    res.end('data: [DONE]\n\n');
  });
});

export default [
  {
    name: '内置助手回答帮你谈、帮你回、润色、开场白，建议来自本机构的优秀通话，评价一条',
    async run({ page, baseUrl, login, shot }) {
      await login();
      await apiCall(page, 'POST', '/api/backend/organization/setAiOpen', { open: true });
      const id = await upload(page, '话术助手-优秀通话.flac', CALL);
      await waitAnalysed(page, id);
      // the index is written by its own consumer of the analysis: wait until the call answers
      const until = Date.now() + 60_000;
      for (;;) {
        const r = await apiCall(page, 'POST', '/api/backend/hkzs/chat', { type: 1, text: '你们和别家比有什么优势' });
        if (r.data?.suggestions?.some((s) => s.text === BEST_REPLY)) break;
        assert.ok(Date.now() < until, `the call was not indexed: ${JSON.stringify(r).slice(0, 300)}`);
        await page.waitForTimeout(500);
      }
      await page.goto(`${baseUrl}/main/speechAssistant/index`);
      await page.getByTestId('assistant-answer').getByText('暂无数据').waitFor();

      const reply = await ask(page, '帮你回', '你们跟别家相比有啥优势？');
      await reply.getByTestId('suggestion-text').filter({ hasText: BEST_REPLY }).waitFor();
      await reply.getByTestId('assistant-engine').getByText('内置助手（未使用大模型）').waitFor();
      const card = reply.getByTestId('suggestion').filter({ hasText: BEST_REPLY });
      assert.match(await card.getByTestId('suggestion-origin').textContent(), /的通话（(强意向|已成交)）· 相似度 \d+%/);
      await card.getByTestId('rate-useful').click();
      await page.getByText('已评价').first().waitFor();
      await shot('帮你回');

      const talk = await ask(page, '帮你谈', '你们和别人家比优势在哪里');
      await talk.getByTestId('suggestion-text').filter({ hasText: BEST_REPLY }).waitFor();

      const polish = await ask(page, '润色', '嗯那个，你们这个课程效果我也不知道');
      await polish.getByText('内置改写：去掉口头语').waitFor();
      await polish.getByTestId('suggestion-text').filter({ hasText: '您这边这个课程效果' }).waitFor();
      await shot('润色');

      const opening = await ask(page, '开场白', '三年级孩子，想学编程');
      await opening.getByTestId('suggestion-text').filter({ hasText: '关于三年级孩子，想学编程' }).waitFor();
      await shot('开场白');
      await page
        .getByTestId('assistant-usage')
        .filter({ hasText: /本月已使用 [1-9]\d* 次/ })
        .waitFor();
    },
  },
  {
    name: '话术记录：按类型筛选，看到评价过的建议',
    async run({ page, baseUrl, login, shot }) {
      await login();
      await page.goto(`${baseUrl}/main/speechAssistant/record`);
      const table = page.locator('.ant-table');
      await table.getByText('开场白').first().waitFor();
      await page.locator('.ant-select').filter({ hasText: '话术类型' }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '帮你回' }).click();
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await table.getByText('开场白').waitFor({ state: 'detached' });
      const row = table.locator('tbody tr.ant-table-row').filter({ hasText: '你们跟别家相比有啥优势' });
      await row.locator('.ant-table-row-expand-icon').click();
      const rated = page.getByTestId('suggestion').filter({ hasText: BEST_REPLY });
      await rated.waitFor();
      assert.match((await rated.getByTestId('rate-useful').getAttribute('class')) ?? '', /ant-btn-primary/);
      await shot('话术记录');
    },
  },
  {
    name: '配置大模型后由大模型生成；大模型故障时改用内置助手并提示原因',
    async run({ page, baseUrl, login, shot }) {
      await login();
      if (!fake.listening) await new Promise((r) => fake.listen(0, '127.0.0.2', r));
      const saved = await apiCall(page, 'POST', '/api/backend/aiModel/save', {
        name: '话术模型',
        baseUrl: `http://127.0.0.2:${fake.address().port}/v1`,
        model: 'fake-chat',
        timeoutMs: 5000,
        active: true,
      });
      assert.equal(saved.code, 1, saved.msg);
      await page.goto(`${baseUrl}/main/speechAssistant/index`);
      mode = 'good';
      // the model's text shows while it is written, then the answer
      await page.getByTestId('speech-type').getByText('帮你谈', { exact: true }).click();
      await page.getByTestId('assistant-text').fill('你们和别家比有什么优势');
      await page.getByTestId('assistant-ask').click();
      await page.getByTestId('assistant-stream').getByText('李先生，我们八人小班', { exact: false }).waitFor();
      await shot('大模型生成中');
      const a = page.getByTestId('assistant-answer');
      await a.getByText('由大模型 话术模型 / fake-chat 生成').waitFor();
      await a.getByTestId('suggestion-text').filter({ hasText: '先试听一次再决定' }).waitFor();
      await a.getByText('话术模型 / fake-chat：依据客户的比较顾虑').waitFor();
      await shot('大模型');
      mode = 'down';
      const b = await ask(page, '帮你回', '你们和别家比到底有什么优势');
      await b.getByTestId('assistant-fallback').getByText('HTTP 500 模型服务内部错误').waitFor();
      await b.getByTestId('suggestion-text').filter({ hasText: BEST_REPLY }).waitFor();
      await shot('大模型失败');
      fake.close();
    },
  },
];
