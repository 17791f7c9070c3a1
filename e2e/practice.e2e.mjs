// Scenarios of AI role-play practice (/main/aIPractice, /main/practicelog): a seat practises by text against the
// built-in AI customer (who answers with the demo organisation's own customers' sentences) and reads the review; the
// organisation's model (a fake OpenAI-compatible server streaming its answer) plays the customer, and when it breaks
// the built-in customer answers with the fallback shown; the manager sees the sessions and a review in 陪练记录; a
// session whose page stopped beating ends itself (heartbeat 1 s, end after 4 s here).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { apiCall } from './lib/calls.mjs';
import { startServer } from './server.mjs';

let llmMode = 'ok';
const llm = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (llmMode === 'broken') {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('boom');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const pieces = ['你们这个', '培训课程', '一个班多少人？'];
    for (const p of pieces) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: p } }] })}\n\n`);
    res.end('data: [DONE]\n\n');
  });
});

let shared = null;
async function env() {
  if (shared) return shared;
  await new Promise((r) => llm.listen(0, '127.0.0.2', r));
  const llmUrl = `http://127.0.0.2:${llm.address().port}/v1`;
  const server = await startServer({
    env: {
      LOG_LEVEL: 'info',
      PRACTICE_HEARTBEAT_SECONDS: '1',
      PRACTICE_TIMEOUT_SECONDS: '4',
      PRACTICE_LLM_TIMEOUT_MS: '3000',
    },
  });
  process.on('exit', () => {
    server.stop();
    llm.close();
  });
  shared = { server, baseUrl: server.baseUrl, llmUrl };
  return shared;
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

/** Says a line and waits for the customer's answer (the n-th customer line). */
async function sayLine(page, text, n) {
  await page.getByTestId('practice-input').fill(text);
  await page.getByTestId('practice-input').press('Enter');
  const line = page.getByTestId('customer-line').nth(n);
  await page.waitForFunction(
    (i) => {
      const el = document.querySelectorAll('[data-testid="customer-line"]')[i];
      return el && el.textContent && el.textContent !== '…';
    },
    n,
    { timeout: 15_000 },
  );
  return (await line.textContent()) ?? '';
}

async function startDemoScript(page, baseUrl) {
  await page.goto(`${baseUrl}/main/aIPractice`);
  await page.getByTestId('practice-quota').waitFor();
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: '企业培训课程电话销售' });
  await row.getByRole('button', { name: '开始陪练' }).click();
  await page.getByTestId('practice-session').waitFor();
}

export default [
  {
    name: '内置 AI 客户：坐席文字陪练，客户用本机构真实通话中的客户原话回答；结束后看到逐项评分与回放',
    async run({ page, shot }) {
      const { baseUrl } = await env();
      await signIn(page, baseUrl, 'seat01');
      await startDemoScript(page, baseUrl);
      await page.getByText('内置 AI 客户').waitFor();
      const opening = (await page.getByTestId('customer-line').first().textContent()) ?? '';
      assert.ok(opening.length > 1, 'the customer opens the call');
      const first = await sayLine(page, '您好，我是星辰教育的课程顾问小王，想了解一下贵公司目前员工培训的需求', 1);
      const second = await sayLine(page, '我们的课程价格是一个人三千元，现在报名有优惠', 2);
      assert.notEqual(first, second);
      // the built-in customer draws on the organisation's analysed calls (内置引擎), or the script's persona
      await page
        .getByText(/客户 · .+ · (内置引擎|脚本异议)/)
        .first()
        .waitFor();
      await shot('practice-builtin-chat');
      await page.getByRole('button', { name: '结束陪练' }).click();
      await page.getByTestId('practice-review').waitFor();
      await page.getByTestId('practice-total').waitFor();
      await page.getByText('开场自我介绍').waitFor();
      await page.getByTestId('practice-replay').getByText('我们的课程价格是一个人三千元，现在报名有优惠').waitFor();
      await shot('practice-builtin-review');
    },
  },
  {
    name: '大模型客户：流式回答；模型出错时由内置客户接话并提示；经理在陪练记录看到会话与点评',
    async run({ page, newContext, shot }) {
      const { baseUrl, llmUrl } = await env();
      await signIn(page, baseUrl, 'admin');
      const saved = await apiCall(page, 'POST', '/api/backend/aiModel/save', {
        name: '本地模型',
        baseUrl: llmUrl,
        apiKey: 'k',
        model: 'fake',
        active: true,
      });
      assert.equal(saved.code, 1, saved.msg);

      const seat = await (await newContext()).newPage();
      await signIn(seat, baseUrl, 'seat01');
      await startDemoScript(seat, baseUrl);
      await seat.getByText('大模型客户').waitFor();
      llmMode = 'ok';
      const line = await sayLine(seat, '您好，我是星辰教育的小王，想跟您介绍一下我们的管理培训课程', 1);
      assert.equal(line, '你们这个培训课程一个班多少人？');
      llmMode = 'broken';
      await sayLine(seat, '一个班二十人左右，价格是每人三千元', 2);
      await seat.getByTestId('practice-fallback').filter({ hasText: '已由内置 AI 客户回答' }).waitFor();
      await shot('practice-llm-fallback', seat);
      await seat.getByRole('button', { name: '结束陪练' }).click();
      await seat.getByTestId('practice-review').waitFor();

      // the manager's log: the seat's sessions (newest first: the model's), a review opened with its replay, progress
      await signIn(page, baseUrl, 'manager');
      await page.goto(`${baseUrl}/main/practicelog`);
      const rows = page.locator('tbody tr.ant-table-row');
      await rows.filter({ hasText: '大模型' }).filter({ hasText: '张伟' }).first().waitFor();
      await page.getByTestId('practice-progress').waitFor();
      await rows.filter({ hasText: '大模型' }).first().getByText('点评与回放').click();
      const drawer = page.locator('.ant-drawer').filter({ hasText: '陪练点评' });
      await drawer.getByTestId('practice-replay').getByText('你们这个培训课程一个班多少人？').waitFor();
      await shot('practice-log-review');
      llmMode = 'ok';
    },
  },
  {
    name: '心跳中断：页面不再心跳的会话几秒后自动结束（超时结束），陪练记录里可见',
    async run({ page, shot }) {
      const { baseUrl } = await env();
      await signIn(page, baseUrl, 'seat03');
      const scripts = await apiCall(page, 'POST', '/api/backend/chatScript/pagelist', {});
      assert.equal(scripts.code, 1, scripts.msg);
      const started = await apiCall(page, 'POST', '/api/backend/chatScriptTrainingSession/start', {
        scriptId: scripts.data.lists[0].id,
      });
      assert.equal(started.code, 1, started.msg);
      // no page holds the session: nothing beats
      await page.goto(`${baseUrl}/main/practicelog`);
      const row = page.locator('tbody tr.ant-table-row').first();
      const until = Date.now() + 30_000;
      for (;;) {
        await page.reload();
        await row.waitFor();
        if ((await row.textContent())?.includes('超时结束')) break;
        assert.ok(Date.now() < until, 'the session did not end itself');
        await page.waitForTimeout(1000);
      }
      await shot('practice-timeout');
    },
  },
];
