// /hkzs/chatStream: the answer streamed as NDJSON, the organisation's model (a local fake OpenAI-compatible server
// streaming server-sent events) writing the suggestions; a slow model (past ASSISTANT_LLM_TIMEOUT_MS) and a broken one
// fall back to the built-in answer with a visible reason; refusals (validation, quota, another organisation's call)
// come before the stream as the usual envelope.

import { contract } from '@crm/core/contract';
import type { AssistantEvent } from '@crm/core/contract/assistant';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openAi, uploadCall, waitFor } from '../../test/analysis';
import { type FakeServer, fakeServer } from '../../test/fakeHttp';
import { type TestOrg, useTestApp } from '../../test/harness';
import { expectNoSession, ok, refused } from '../../test/org';

type Mode = 'ok' | 'slow' | 'broken';
const LINES = [
  '1. 李先生，这周报名有八折，我先帮您把名额留下好吗？｜依据客户的价格顾虑',
  '2. 您方便的话周六来试听一次，满意再报名。|参考优秀通话',
];

describe('/hkzs/chatStream with a model', () => {
  const t = useTestApp();
  let llm: FakeServer;
  let org: TestOrg;
  let other: TestOrg;
  let otherCall: number;
  let mode: Mode = 'ok';

  beforeAll(async () => {
    llm = await fakeServer(async (req) => {
      const body = JSON.parse(req.body);
      if (!body.stream) return { json: { choices: [{ message: { content: '{"reply":"ok"}' } }] } };
      if (mode === 'broken') return { status: 500, json: { error: 'overloaded' } };
      if (mode === 'slow') await new Promise((r) => setTimeout(r, 1500));
      const text = LINES.join('\n');
      const pieces = [text.slice(0, 10), text.slice(10, 40), text.slice(40)];
      return {
        text: `${pieces.map((p) => `data: ${JSON.stringify({ choices: [{ delta: { content: p } }] })}\n\n`).join('')}data: [DONE]\n\n`,
      };
    });
    org = await t().newOrg();
    other = await t().newOrg();
    await openAi(t(), other.admin.token);
    otherCall = await uploadCall(t(), other.seat.token, [
      ['A', '您好，我是课程顾问。'],
      ['C', '价格多少？'],
    ]);
    expect((await waitFor(t(), other.seat.token, otherCall)).data.analysisStatus).toBe(3);
    ok(
      await t().call(
        contract.aiSetting.modelSave,
        { name: '话术模型', baseUrl: `${llm.url}/v1`, model: 'fake-chat', timeoutMs: 5000, active: true },
        { token: org.admin.token },
      ),
    );
  });
  afterAll(() => llm?.close());
  afterEach(() => {
    delete process.env.ASSISTANT_LLM_TIMEOUT_MS;
  });

  const stream = (body: object, token = org.seat.token) => t().post('/api/backend/hkzs/chatStream', body, { token });
  const events = async (body: object) => {
    const res = await stream(body);
    expect(String(res.headers['content-type']), `${res.status} ${res.msg}`).toContain('ndjson');
    return res.raw
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as AssistantEvent);
  };
  const doneOf = (all: AssistantEvent[]) => {
    const done = all.find((e) => e.type === 'done');
    if (done?.type !== 'done') throw new Error(`no done event: ${JSON.stringify(all)}`);
    return done.answer;
  };

  it('streams the model’s text as it comes, then the answer it makes (kept in 话术记录)', async () => {
    mode = 'ok';
    const all = await events({ type: 1, text: '价格多少？什么时候可以报名' });
    const deltas = all.filter((e) => e.type === 'delta');
    expect(deltas.length).toBe(3);
    expect(deltas.map((e) => (e.type === 'delta' ? e.text : '')).join('')).toBe(LINES.join('\n'));
    expect(all.some((e) => e.type === 'fallback')).toBe(false);
    const answer = doneOf(all);
    expect(answer).toMatchObject({ engine: 'llm', modelName: '话术模型 / fake-chat', fallbackReason: null });
    expect(answer.suggestions.slice(0, 2)).toMatchObject([
      {
        source: 'llm',
        text: '李先生，这周报名有八折，我先帮您把名额留下好吗？',
        origin: '话术模型 / fake-chat：依据客户的价格顾虑',
      },
      { source: 'llm', text: '您方便的话周六来试听一次，满意再报名。', origin: '话术模型 / fake-chat：参考优秀通话' },
    ]);
    const h = ok(await t().call(contract.assistant.history, { pageSize: 10 }, { token: org.seat.token }));
    expect(h.lists[0].id).toBe(answer.id);
  });

  it('a slow model past the time limit and a broken one: the built-in answers, the fallback said', async () => {
    mode = 'slow';
    process.env.ASSISTANT_LLM_TIMEOUT_MS = '300';
    const slow = await events({ type: 3, text: '我们的课程很好，您报名吧' });
    expect(slow.find((e) => e.type === 'fallback')).toMatchObject({
      reason: '大模型未能回答（话术模型：超过 0.3 秒未响应），已改用内置话术',
    });
    expect(doneOf(slow)).toMatchObject({ engine: 'builtin', fallbackReason: '话术模型：超过 0.3 秒未响应' });
    expect(doneOf(slow).suggestions.length).toBeGreaterThan(0);

    mode = 'broken';
    const broken = await events({ type: 3, text: '我们的课程很好，您报名吧' });
    expect(broken.find((e) => e.type === 'fallback')).toMatchObject({ reason: expect.stringContaining('HTTP 500') });
    expect(doneOf(broken).engine).toBe('builtin');
    mode = 'ok';
  });

  it('refuses before the stream: no session, validation, another organisation’s call, a spent quota', async () => {
    await expectNoSession(t(), [{ path: '/hkzs/chatStream', body: { type: 1, text: '价格多少' } }]);
    refused(await stream({ type: 1 }), 400, '请输入客户说的话或选择通话中的一句');
    refused(await stream({ type: 7, text: '价格多少' }), 400, /话术类型/);
    refused(await stream({ type: 1, recordingId: otherCall, segmentIndex: 1 }), 404);
    ok(
      await t().call(
        contract.assistant.setQuota,
        { companyMonthlyQuota: 0, userMonthlyQuota: 1 },
        { token: org.admin.token },
      ),
    );
    const used = ok(await t().call(contract.assistant.quota, undefined, { token: org.seat.token }));
    expect(used.userMonthlyUsageAmount).toBeGreaterThanOrEqual(1);
    refused(await stream({ type: 3, text: '我们的课程很好' }), 400, '您本月的话术助手额度已用完，请联系管理员调整额度');
  });
});
