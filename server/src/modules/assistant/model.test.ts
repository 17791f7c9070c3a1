// The assistant with the organisation's model (a local fake OpenAI-compatible server): the model's suggestions with
// their basis; a slow model (past ASSISTANT_LLM_TIMEOUT_MS) and a broken one fall back to the built-in, visibly.
import { contract } from '@crm/core/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addLead, openAi, uploadCall, waitFor } from '../../test/analysis';
import { type FakeServer, fakeServer } from '../../test/fakeHttp';
import { type TestOrg, useTestApp } from '../../test/harness';
import { ok } from '../../test/org';

type Mode = 'good' | 'slow' | 'down' | 'invalid';

describe('/hkzs/chat with a model', () => {
  const t = useTestApp();
  let llm: FakeServer;
  let org: TestOrg;
  let clueId: number;
  let mode: Mode = 'good';
  const prompts: any[] = [];

  beforeAll(async () => {
    llm = await fakeServer(async (req) => {
      const body = JSON.parse(req.body);
      if (body.response_format?.json_schema?.name !== 'speech_assistant')
        return { json: { choices: [{ message: { content: '{}' } }] } };
      prompts.push(JSON.parse(body.messages[1].content));
      if (mode === 'down') return { status: 500, json: { error: 'overloaded' } };
      if (mode === 'slow') await new Promise((r) => setTimeout(r, 1500));
      const answer =
        mode === 'invalid'
          ? { suggestions: 'x' }
          : {
              suggestions: [
                { text: '李先生，价格上我们这周有八折，我先帮您把名额留下好吗？', basis: '依据客户的价格顾虑' },
                { text: '您方便的话周六来试听一次，满意再报名。', basis: '参考优秀通话' },
              ],
            };
      return { json: { choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(answer) } }] } };
    });
    org = await t().newOrg();
    await openAi(t(), org.admin.token);
    clueId = await addLead(t(), org.seat.token, '李先生');
    const id = await uploadCall(
      t(),
      org.seat.token,
      [
        ['A', '您好，我是星辰教育的课程顾问小王。'],
        ['C', '我挺感兴趣的，价格多少？什么时候可以报名？'],
        ['A', '一期是三千九百八十元，这周报名有八折优惠。'],
        ['C', '好的，那我今天就报名，你把合同和付款方式发给我吧。'],
      ],
      { clueId },
    );
    expect((await waitFor(t(), org.seat.token, id)).data.analysisStatus).toBe(3);
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

  const ask = async () =>
    ok(
      await t().call(
        contract.assistant.chat,
        { type: 4, text: '价格多少？什么时候可以报名', clueId },
        { token: org.seat.token },
      ),
    );

  it('the model writes the suggestions from the lead, the scripts and the best calls; the best calls follow', async () => {
    mode = 'good';
    const answer = await ask();
    expect(answer).toMatchObject({ engine: 'llm', modelName: '话术模型 / fake-chat', fallbackReason: null });
    expect(answer.suggestions[0]).toMatchObject({
      source: 'llm',
      sourceName: '大模型生成',
      text: '李先生，价格上我们这周有八折，我先帮您把名额留下好吗？',
      origin: '话术模型 / fake-chat：依据客户的价格顾虑',
    });
    expect(answer.suggestions.some((s) => s.source === 'call')).toBe(true);
    const prompt = prompts.at(-1);
    expect(prompt).toMatchObject({
      type: '帮你谈',
      sentence: '价格多少？什么时候可以报名',
      customer: { name: '李先生' },
    });
    expect(prompt.bestCallExamples[0].agentSaid).toBe('一期是三千九百八十元，这周报名有八折优惠。');
  });

  it('a slow model past the time limit: the built-in answers, with the reason', async () => {
    mode = 'slow';
    process.env.ASSISTANT_LLM_TIMEOUT_MS = '300';
    const answer = await ask();
    expect(answer.engine).toBe('builtin');
    expect(answer.fallbackReason).toBe('话术模型：超过 0.3 秒未响应');
    expect(answer.suggestions[0]).toMatchObject({ source: 'call' });
  });

  it('a broken model (HTTP 500, invalid answer): the built-in answers, with the reason', async () => {
    mode = 'down';
    const down = await ask();
    expect(down).toMatchObject({ engine: 'builtin', fallbackReason: '话术模型：HTTP 500 模型服务内部错误' });
    expect(down.suggestions.length).toBeGreaterThan(0);
    mode = 'invalid';
    const invalid = await ask();
    expect(invalid.engine).toBe('builtin');
    expect(invalid.fallbackReason).toContain('字段校验失败');
    const h = ok(await t().call(contract.assistant.history, { pageSize: 10 }, { token: org.seat.token }));
    expect(h.lists[0].fallbackReason).toBe(invalid.fallbackReason);
  });
});
