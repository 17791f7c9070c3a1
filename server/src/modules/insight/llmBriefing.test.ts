// The briefing written by the organisation's model (a local fake OpenAI-compatible server): generated from the calls'
// structured results (never audio), its citations mapped to the mentions it names, validated; an invalid answer, a
// citation of a mention that was not given, or a failing server leaves the extractive briefing with the reason.
import { contract } from '@crm/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLead, openAi, uploadCall, waitFor } from '../../test/analysis';
import { type FakeServer, fakeServer } from '../../test/fakeHttp';
import { type TestOrg, useTestApp } from '../../test/harness';
import { ok } from '../../test/org';
import { FIRST_CALL, SECOND_CALL } from './testCalls';

type Mode = 'good' | 'badRef' | 'invalid' | 'down';

describe('the briefing written by the LLM', () => {
  const t = useTestApp();
  let llm: FakeServer;
  let org: TestOrg;
  let clueId: number;
  let mode: Mode = 'good';
  const prompts: string[] = [];

  beforeAll(async () => {
    llm = await fakeServer(async (req) => {
      const body = JSON.parse(req.body);
      const schema = body.response_format?.json_schema?.name;
      if (schema !== 'customer_briefing') return { json: { choices: [{ message: { content: '{}' } }] } };
      prompts.push(body.messages.map((m: any) => m.content).join('\n'));
      if (mode === 'down') return { status: 500, json: { error: 'overloaded' } };
      const mentions = JSON.parse(body.messages[1].content).mentions as { ref: number; kind: string }[];
      const ref = (kind: string) => mentions.find((m) => m.kind === kind)!.ref;
      const point = (text: string, refs: number[]) => ({ text, refs });
      const answer =
        mode === 'invalid'
          ? { summary: '', needs: 'x' }
          : {
              summary: '张先生想给三年级孩子报编程课，预算五千左右，由妻子共同决定；顾虑价格与效果，已约周六试听。',
              needs: [point('给三年级孩子报编程课', [ref('需求')])],
              budget: [point('五千元左右', [ref('预算')])],
              decisionMakers: [point('与妻子商量后决定', [ref('决策人')])],
              objections: [{ text: '觉得价格偏高', answer: '强调小班教学和本周八折', refs: [ref('异议')] }],
              promises: [point('销售承诺次日发送课程资料', [ref('承诺')])],
              competitors: [point('对比了编程猫', [mode === 'badRef' ? 999 : ref('竞品')])],
              nextSteps: [point('周六上午带孩子试听', [ref('下一步')])],
            };
      return { json: { choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(answer) } }] } };
    });
    org = await t().newOrg();
    await openAi(t(), org.admin.token);
    clueId = await addLead(t(), org.seat.token, '张先生');
    for (const lines of [FIRST_CALL, SECOND_CALL])
      expect(
        (await waitFor(t(), org.seat.token, await uploadCall(t(), org.seat.token, lines, { clueId }))).data
          .analysisStatus,
      ).toBe(3);
    ok(
      await t().call(
        contract.aiSetting.modelSave,
        { name: '摘要模型', baseUrl: `${llm.url}/v1`, model: 'fake-chat', timeoutMs: 5000, active: true },
        { token: org.admin.token },
      ),
    );
  });
  afterAll(() => llm?.close());

  const rebuild = async () =>
    ok(await t().call(contract.insight.refreshBriefing, { clueId }, { token: org.seat.token }));

  it('generated from the structured results, each point citing the mentions it names', async () => {
    mode = 'good';
    const b = await rebuild();
    expect(b).toMatchObject({ source: 'llm', modelName: '摘要模型 / fake-chat', llmError: null, callCount: 2 });
    expect(b.summary).toContain('周六试听');
    expect(b.competitors[0]).toMatchObject({ text: '对比了编程猫' });
    expect(b.competitors[0].cites[0]).toMatchObject({ sentence: '编程猫那边更便宜', speaker: 'customer' });
    expect(b.objections[0].answer).toBe('强调小班教学和本周八折');
    expect(b.intention.trend).toHaveLength(2);
    // the model read the structured results, not the transcript
    const prompt = prompts.at(-1)!;
    expect(prompt).toContain('"label":"编程猫"');
    expect(prompt).not.toContain('我们的课程一期是四千八百元');
    // the stored briefing is what the customer detail reads
    expect(ok(await t().call(contract.insight.briefing, { clueId }, { token: org.seat.token })).source).toBe('llm');
  });

  it('falls back to the extractive briefing when the answer cites nothing given, is invalid or the server fails', async () => {
    for (const m of ['badRef', 'invalid', 'down'] as Mode[]) {
      mode = m;
      const b = await rebuild();
      expect(b.source, m).toBe('extractive');
      expect(b.llmError, m).toMatch(/^摘要模型：/);
      expect(b.competitors[0].text).toBe('编程猫');
      expect(b.summary).toContain('共 2 通已分析通话');
    }
  });
});
