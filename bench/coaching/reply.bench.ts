// The built-in AI customer's reply time (coaching.reply_p95_ms): 100,000 analysed calls' customer sentences indexed by
// stage as the practice module indexes them (lines.ts customerLinesOf, then each stage's distinct sentences, most
// said first, POOL_SIZE kept), then one reply (stage, hidden objection, retrieval: customer.ts builtinReply) per
// seat line of generated practice conversations, timed one by one.
import { PRACTICE_STAGES, type PracticeStage } from '@crm/core/contract/practice';
import { builtinReply, type ConversationState } from '../../server/src/modules/practice/customer';
import { customerLinesOf, POOL_SIZE } from '../../server/src/modules/practice/lines';
import { buildPool, type LineRow, type Pool } from '../../server/src/modules/practice/pool';
import { percentile, report } from '../report';

const CALLS = 100_000;

/** A deterministic generator (so that two runs measure the same material). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const AGENT = {
  opening: ['您好，我是{org}的{name}，请问是{cust}吗？', '喂，您好，这边是{org}，打扰您一分钟'],
  needs: ['想了解一下您目前{topic}的情况，有没有遇到什么问题？', '您现在{topic}主要是怎么做的？'],
  product: ['我们的{product}可以帮您解决{topic}的问题，支持{feature}', '给您介绍一下我们的{product}，效果很明显'],
  price: ['价格是{n}元一年，现在有优惠', '这个套餐{n}元，费用可以分期'],
  objection: ['理解您的顾虑，其实很多客户一开始也担心{worry}', '您放心，我们有试用，不满意可以退款'],
  close: ['那我们加个微信，约个时间详细聊', '您看明天下午{h}点方便吗，我把合同发您'],
};
const CUSTOMER = {
  opening: ['你是哪里的，找我什么事？', '我现在有点忙，你说吧', '怎么知道我电话的？{cust}是我'],
  needs: ['我们现在{topic}主要靠人工，挺麻烦的', '目前一直在用别家的，问题是{worry}', '我们公司{n}个人，主要是{topic}'],
  product: ['这个能不能和我们现有的系统对接？', '效果怎么样，有没有案例？', '和别家有什么区别？{feature}支持吗'],
  price: ['{n}元有点贵了，能不能便宜点？', '多少钱一年？有没有折扣', '报价能发我看看吗，{n}是不是含税'],
  objection: [
    '我再考虑考虑，跟领导商量一下',
    '暂时不需要，我们已经有了',
    '不太放心，之前用过{worry}',
    '没预算了，明年再说吧',
  ],
  close: ['那你把合同发我看看', '可以，加个微信吧', '那就先试用一下，什么时候能开通？'],
};
const FILL: Record<string, string[]> = {
  org: ['星辰教育', '云帆科技', '匠心家装', '链居地产', '安康人寿', '华信银行'],
  name: ['小王', '小李', '小张', '小陈', '小刘'],
  cust: ['李先生', '王女士', '张总', '陈经理', '刘姐'],
  topic: ['客户管理', '招生', '装修', '理财', '保险', '排班', '报价', '回款'],
  product: ['系统', '课程', '套餐', '方案', '服务'],
  feature: ['手机端', '自动提醒', '数据导出', '权限管理', '报表'],
  worry: ['数据安全', '员工不愿意用', '效果不好', '售后跟不上', '价格太高'],
};

function fill(template: string, r: () => number): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => {
    if (k === 'n') return String(Math.floor(r() * 50) * 100 + 900);
    if (k === 'h') return String(1 + Math.floor(r() * 8));
    const list = FILL[k];
    return list[Math.floor(r() * list.length)];
  });
}

/** One generated analysed call: agent and customer sentences through the six stages. */
function call(r: () => number) {
  const segments = [];
  let at = 0;
  for (const stage of PRACTICE_STAGES) {
    const turns = 1 + Math.floor(r() * 2);
    for (let i = 0; i < turns; i++) {
      for (const [speaker, bank] of [
        ['agent', AGENT[stage]],
        ['customer', CUSTOMER[stage]],
      ] as const) {
        const text = fill(bank[Math.floor(r() * bank.length)], r);
        segments.push({ speaker, startMs: at, endMs: at + 3000, text });
        at += 3500;
      }
    }
  }
  return segments;
}

/** The index as lines.ts loads it: per stage, distinct sentences by how often customers said them. */
function indexOf(calls: number): { pools: Map<PracticeStage, Pool>; sentences: number; buildMs: number } {
  const r = rng(20261207);
  const byStage = new Map<PracticeStage, Map<string, LineRow>>(PRACTICE_STAGES.map((s) => [s, new Map()]));
  let sentences = 0;
  const started = performance.now();
  for (let c = 0; c < calls; c++)
    for (const line of customerLinesOf(call(r))) {
      sentences++;
      const stage = byStage.get(line.stage)!;
      const known = stage.get(line.customerText);
      if (known) {
        known.count++;
        if (known.agentTexts.length < 3) known.agentTexts.push(line.agentText);
      } else
        stage.set(line.customerText, {
          customerText: line.customerText,
          agentTexts: [line.agentText],
          recordingId: c + 1,
          count: 1,
        });
    }
  const pools = new Map<PracticeStage, Pool>();
  for (const [stage, lines] of byStage)
    pools.set(stage, buildPool(stage, [...lines.values()].sort((a, b) => b.count - a.count).slice(0, POOL_SIZE)));
  return { pools, sentences, buildMs: performance.now() - started };
}

export default function replyBench(): void {
  const { pools, sentences } = indexOf(CALLS);
  const r = rng(7);
  const persona = {
    industry: '制造业',
    needs: '客户管理',
    budget: '5 万',
    character: '谨慎',
    objections: ['太贵了', '要跟老板商量'],
  };
  const stages = [...PRACTICE_STAGES];
  const samples: number[] = [];
  for (let session = 0; session < 200; session++) {
    let state: ConversationState = { stageIndex: 0, stageTurns: 0, raised: [] };
    const used: string[] = [];
    for (const stage of PRACTICE_STAGES) {
      const said = fill(AGENT[stage][Math.floor(r() * AGENT[stage].length)], r);
      const t = performance.now();
      const out = builtinReply({ stages, persona, state, said, pools, used, seed: session });
      samples.push(performance.now() - t);
      state = out.state;
      used.push(out.line.text);
    }
  }
  report('coaching', 'reply_p50_ms', percentile(samples, 50), 'ms');
  report('coaching', 'reply_p95_ms', percentile(samples, 95), 'ms');
  report('coaching', 'reply_calls', CALLS, 'calls');
  report('coaching', 'reply_indexed_sentences', sentences, 'sentences');
}
