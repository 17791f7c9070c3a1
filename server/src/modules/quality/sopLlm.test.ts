// SOP items with an LLM question: asked of the organisation's model when the matcher missed them (a local fake
// OpenAI-compatible server), and the result recomputed; nothing asked without a model.
import { contract } from '@crm/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAi, uploadCall } from '../../test/analysis';
import { type FakeServer, fakeServer } from '../../test/fakeHttp';
import { type TestOrg, useTestApp } from '../../test/harness';
import { ok } from '../../test/org';
import type { SopResult } from './sop/types';
import { withLlmAnswers } from './sopLlm';

describe('SOP items asked of the LLM', () => {
  const t = useTestApp();
  let llm: FakeServer;
  let org: TestOrg;
  let asked = 0;

  beforeAll(async () => {
    // answers the SOP questions: every item asked is covered by sentence 3 (the agent's question about the grade)
    llm = await fakeServer(async (req) => {
      const body = JSON.parse(req.body);
      const schema = body.response_format?.json_schema?.name;
      const prompt: string = body.messages.map((m: any) => m.content).join('\n');
      const content =
        schema === 'sop_items'
          ? JSON.stringify({
              items: [...prompt.matchAll(/id (\d+)：/g)].map((m) => ({ id: Number(m[1]), covered: true, sentence: 3 })),
            })
          : '{}';
      if (schema === 'sop_items') asked++;
      return { json: { id: 'x', choices: [{ index: 0, message: { role: 'assistant', content } }] } };
    });
    org = await t().newOrg();
    await openAi(t(), org.admin.token);
  });
  afterAll(() => llm?.close());

  const coverage = async (recordingId: number) => {
    const end = Date.now() + 30_000;
    for (;;) {
      const res = await t().call(contract.sop.getSopItemInfoInQuality, { recordingId }, { token: org.admin.token });
      const data = ok(res);
      if (data.rules.length) return data.rules[0];
      if (Date.now() > end) throw new Error('no SOP results');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('an item with only a question is refused no more, and is asked of the model when one is active', async () => {
    const rule = {
      name: '大模型判断',
      items: [
        { name: '自我介绍', keywords: ['课程顾问'] },
        { name: '了解年级', llmQuestion: '销售是否询问了孩子的年级？' },
      ],
    };
    ok(await t().callRaw(contract.sop.createSopRule, rule, { token: org.admin.token }));
    const lines: ['A' | 'C', string][] = [
      ['A', '您好，我是星辰教育的课程顾问小王'],
      ['C', '你好'],
      ['C', '孩子成绩一般'],
      ['A', '孩子现在上几年级呀'],
    ];
    // without a model: the question is not asked, the item is missed
    const before = await coverage(await uploadCall(t(), org.seat.token, lines));
    expect(before.items.map((i: any) => [i.name, i.hit])).toEqual([
      ['自我介绍', true],
      ['了解年级', false],
    ]);
    expect(asked).toBe(0);
    ok(
      await t().call(
        contract.aiSetting.modelSave,
        { name: '质检模型', baseUrl: `${llm.url}/v1`, model: 'fake-chat', timeoutMs: 5000, active: true },
        { token: org.admin.token },
      ),
    );
    const after = await coverage(await uploadCall(t(), org.seat.token, [...lines, ['C', '三年级']]));
    expect(asked).toBe(1);
    const item = after.items.find((i: any) => i.name === '了解年级');
    expect(item).toMatchObject({ hit: true, how: 'llm', howName: '大模型判断', segment: 3, position: 2 });
    expect(item!.sentence).toBe('孩子现在上几年级呀');
    expect(after).toMatchObject({ coverage: 1, hitCount: 2, missedCount: 0, inOrder: true });
  });

  it('the model’s answers recompute order, order check and coverage', () => {
    const t2 = {
      durationMs: 4000,
      segments: [
        { speaker: 'agent' as const, startMs: 0, endMs: 900, text: '先说价格' },
        { speaker: 'agent' as const, startMs: 1000, endMs: 1900, text: '我是小王' },
      ],
    };
    const result: SopResult = {
      ruleId: 1,
      items: [
        { itemId: 10, name: '开场', hit: false, evidence: null, how: null, score: 0 },
        {
          itemId: 11,
          name: '报价',
          hit: true,
          how: 'keyword',
          score: 1,
          evidence: { segment: 0, startMs: 0, endMs: 900, speaker: 'agent', text: '先说价格' },
        },
      ],
      order: [11],
      inOrder: true,
      coverage: 0.5,
    };
    const out = withLlmAnswers(result, t2, new Map([[10, 1]]));
    expect(out.order).toEqual([11, 10]);
    expect(out.inOrder).toBe(false);
    expect(out.coverage).toBe(1);
    expect(out.items[0]).toMatchObject({ hit: true, how: 'llm', evidence: { segment: 1, text: '我是小王' } });
    expect(withLlmAnswers(result, t2, new Map())).toBe(result);
  });
});
