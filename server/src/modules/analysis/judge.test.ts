// The LLM judge through the pipeline, against a local fake OpenAI-compatible server: every label with its segment and
// quote; a quote not in the call rejected, the question asked once more, the rejection in the call's history; a
// second wrong quote keeps the rules' value; the rules' literal violations stay; invalid JSON and a timeout leave the
// built-in result with the error; a carrier announcement never reaches the model.
import { contract } from '@crm/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAi, POWERED_OFF, STRONG_CALL, uploadCall, waitFor } from '../../test/analysis';
import { type FakeRequest, type FakeServer, fakeServer } from '../../test/fakeHttp';
import { type TestOrg, useTestApp } from '../../test/harness';

const GOOD = {
  intention: { value: 'strong', degree: 90, segment: 5, quote: '那我今天就报名' },
  tags: [],
  complaint: { value: false, score: 0.05, segment: 0, quote: '' },
  violations: [{ rule: '施压销售', score: 0.9, segment: 4, quote: '这周报名有优惠' }],
  churnReason: null,
  aiLabels: [{ label: 1, segment: 5, quote: '那我今天就报名' }],
  nextStep: { value: '发合同和付款方式', time: '今天', segment: 5, quote: '你把合同和付款方式发给我吧' },
  summary: '李先生要为孩子报少儿编程课，今天报名，需发送合同与付款方式。',
  fields: [],
};
const WRONG = { ...GOOD, intention: { value: 'strong', degree: 95, segment: 5, quote: '我马上签合同付全款' } };

type Reply = { content?: string; delayMs?: number };
const isJudge = (req: FakeRequest) => req.body.includes('"call_judge"');
let replies: Reply[] = [];

describe('the LLM judge', { timeout: 120_000 }, () => {
  const t = useTestApp();
  let llm: FakeServer;
  let org: TestOrg;
  let other: TestOrg;

  beforeAll(async () => {
    // the judge's questions take the replies in turn; other modules' questions (briefing, SOP) get an empty object
    llm = await fakeServer(async (req) => {
      const r = isJudge(req) ? (replies.shift() ?? { content: JSON.stringify(GOOD) }) : { content: '{}' };
      if (r.delayMs) await new Promise((res) => setTimeout(res, r.delayMs));
      return { json: { id: 'x', choices: [{ index: 0, message: { role: 'assistant', content: r.content } }] } };
    });
    org = await t().newOrg();
    other = await t().newOrg();
    await openAi(t(), org.admin.token);
    const save = await t().call(
      contract.aiSetting.modelSave,
      { name: '评审模型', baseUrl: `${llm.url}/v1`, model: 'fake-judge', timeoutMs: 8000, active: true },
      { token: org.admin.token },
    );
    expect(save.code).toBe(1);
  });
  afterAll(() => llm?.close());

  const run = async (lines = STRONG_CALL) => {
    const before = llm.requests.length;
    const id = await uploadCall(t(), org.seat.token, lines);
    const { data } = await waitFor(t(), org.seat.token, id);
    expect(data.analysisStatus).toBe(3);
    return {
      id,
      data,
      asked: llm.requests.length - before,
      bodies: llm.requests.slice(before).map((r) => JSON.parse(r.body)),
    };
  };

  it('every label with its quote; layer 大模型; the rules’ literal violation kept', async () => {
    replies = [{ content: JSON.stringify({ ...GOOD, violations: [GOOD.violations[0]] }) }];
    const { data, asked, bodies } = await run();
    expect(asked).toBe(1);
    expect(bodies[0].response_format.json_schema.name).toBe('call_judge');
    expect(bodies[0].messages[1].content).toContain('[#5 ');
    const m = data.machine;
    expect(data.llmError).toBeNull();
    expect(data.history).toEqual([]);
    const intention = m.decisions.find((d: any) => d.key === 'intention');
    expect(intention).toMatchObject({ value: '强意向', layerName: '大模型' });
    expect(intention.evidence[0]).toMatchObject({ segment: 5, match: '那我今天就报名', speaker: 'customer' });
    const pressure = m.decisions.find((d: any) => d.key === 'violation:施压销售');
    expect(pressure).toMatchObject({ layerName: '大模型', score: 0.9, pending: false });
    // 保证收益 is a literal rule hit: the model not naming it does not remove it
    expect(m.decisions.some((d: any) => d.key.startsWith('violation:') && d.layerName === '规则')).toBe(true);
    expect(m.decisions.find((d: any) => d.key === 'nextStep')).toMatchObject({
      value: '发合同和付款方式（今天）',
      layerName: '大模型',
    });
    expect(m.aiLabels).toEqual([{ value: 1, name: '高意向' }]);
  });

  it('a quote not in the call: rejected, asked once more, the rejection in the call’s history', async () => {
    replies = [{ content: JSON.stringify(WRONG) }, { content: JSON.stringify(GOOD) }];
    const { data, asked, bodies } = await run();
    expect(asked).toBe(2);
    expect(bodies[1].messages.at(-1).content).toContain('我马上签合同付全款');
    expect(data.history).toHaveLength(1);
    expect(data.history[0]).toMatchObject({ kind: 'quote_rejected', label: 'intention', quote: '我马上签合同付全款' });
    expect(data.history[0].text).toContain('已驳回并重新提问');
    expect(data.machine.decisions.find((d: any) => d.key === 'intention')).toMatchObject({ layerName: '大模型' });
  });

  it('wrong again after the retry: that label keeps the rules’ value, both rejections recorded', async () => {
    replies = [{ content: JSON.stringify(WRONG) }, { content: JSON.stringify(WRONG) }];
    const { data, asked } = await run();
    expect(asked).toBe(2);
    expect(data.history.map((h: any) => h.quote)).toEqual(['我马上签合同付全款', '我马上签合同付全款']);
    expect(data.history[0].text).toContain('保留规则结果');
    expect(data.machine.decisions.find((d: any) => d.key === 'intention').layerName).not.toBe('大模型');
    expect(data.llmError).toBeNull();
  });

  it('invalid JSON: the built-in result stands and the error is shown', async () => {
    replies = [{ content: '好的，这是分析结果' }, { content: '{"intention": ' }];
    const { data, asked } = await run();
    expect(asked).toBe(2); // the client's one retry on a malformed answer
    expect(data.llmError).toContain('返回内容不是有效的 JSON');
    expect(data.modelName).toBe('内置分析');
    expect(data.machine.decisions.some((d: any) => d.layerName === '大模型')).toBe(false);
  });

  it('a timeout: the built-in result stands and the error is shown', async () => {
    replies = [{ content: JSON.stringify(GOOD), delayMs: 9000 }];
    const { data } = await run();
    expect(data.llmError).toContain('评审模型');
    expect(data.modelName).toBe('内置分析');
  });

  it('a carrier announcement never reaches the model', async () => {
    replies = [];
    const { data, asked } = await run(POWERED_OFF);
    expect(asked).toBe(0);
    expect(data.machine.conversation).toBe(false);
    expect(data.machine.decisions.find((d: any) => d.key === 'tag:8')).toMatchObject({ layerName: '规则' });
  });

  it('another organisation’s call is not its panel; no session', async () => {
    const { id } = await run();
    expect((await t().call(contract.analysis.detail, { recordId: id }, { token: other.admin.token })).status).toBe(404);
    expect((await t().call(contract.analysis.detail, { recordId: id })).code).toBe(10);
  });
});
