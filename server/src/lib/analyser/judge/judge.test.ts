import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { analyse } from '../analyse';
import { DEFAULT_RULES } from '../defaults';
import { call } from '../testCall';
import { JudgeAnswer, judgePrompt, locate, mergeJudge, squash } from '.';

const T = call([
  ['a', '您好，我是安心理财的顾问小李，这款产品保证收益，稳赚不赔。'],
  ['c', '太贵了，我再考虑考虑，你别再打电话了。'],
  ['a', '名额今天就没了，您现在不定以后就买不到了！'],
  ['c', '我说了不要，再打我就投诉你们。'],
]);
const analysed = analyse(T, DEFAULT_RULES);
// as if the rules had missed the pressure (the analyser's own checker finds this one): the judge's finding is tested
const base = { ...analysed, violations: analysed.violations.filter((v) => v.rule !== '施压销售') };

const answer = (over: Partial<JudgeAnswer> = {}): JudgeAnswer => ({
  intention: { value: 'none', degree: 5, segment: 1, quote: '你别再打电话了' },
  tags: [{ tag: 1, segment: 3, quote: '我说了不要' }],
  complaint: { value: true, score: 0.9, segment: 3, quote: '再打我就投诉你们' },
  violations: [{ rule: '施压销售', score: 0.85, segment: 2, quote: '名额今天就没了' }],
  churnReason: null,
  aiLabels: [{ label: 2, segment: 1, quote: '我再考虑考虑' }],
  nextStep: null,
  summary: '客户嫌贵并拒绝再联系，表示再打电话就投诉。',
  fields: [],
  ...over,
});

describe('quotes', () => {
  it('a quote is found whatever its spacing, punctuation or width, and its segment corrected', () => {
    expect(squash('你 别再打电话了！')).toBe('你别再打电话了');
    const all = () => true;
    expect(locate(T, all, 1, '你别再打电话了')).toMatchObject({ segment: 1, quote: '你别再打电话了' });
    // named the wrong segment: the one holding the words is taken
    expect(locate(T, all, 0, '太贵了，我再考虑')).toMatchObject({ segment: 1, match: '太贵了，我再考虑' });
    expect(locate(T, all, 1, '我很满意')).toBeNull();
    expect(locate(T, all, 1, '')).toBeNull();
    // a segment not shown to the model (an announcement) is no evidence
    expect(locate(T, (i) => i !== 1, 1, '你别再打电话了')).toBeNull();
  });
});

describe('mergeJudge', () => {
  it('every label comes from the model with its quote, consistent across labels', () => {
    const { result, rejected } = mergeJudge(base, answer(), T, DEFAULT_RULES);
    expect(rejected).toEqual([]);
    expect(result.intention).toBe('none');
    expect(result.intentionLayer).toBe('llm');
    expect(result.intentionEvidence[0]).toMatchObject({ segment: 1, quote: '你别再打电话了' });
    expect(result.complaint).toMatchObject({ value: true, layer: 'llm', pending: false });
    expect(result.potentialComplaint).toBe(true);
    // tag 2 follows the complaint, tag 1 the refusal; AI labels follow them (有兴趣 contradicts the refusal)
    expect(result.tags.map((t) => t.tag)).toEqual([1, 2]);
    expect(result.refusal.value).toBe(true);
    expect(result.aiLabels).toEqual([3, 4]);
    const pressure = result.violations.find((v) => v.rule === '施压销售');
    expect(pressure).toMatchObject({ layer: 'llm', segment: 2, pending: false });
    expect(result.risk).toBe(true);
    expect(result.summary).toContain('投诉');
  });

  it('the rules keep their literal violations when the model names none', () => {
    const literal = base.violations.filter((v) => !v.layer || v.layer === 'rule');
    expect(literal.length).toBeGreaterThan(0);
    const { result } = mergeJudge(base, answer({ violations: [] }), T, DEFAULT_RULES);
    for (const v of literal) expect(result.violations).toContainEqual(v);
  });

  it('a quote not in the call is rejected and that label keeps the rules’ value', () => {
    const { result, rejected } = mergeJudge(
      base,
      answer({
        intention: { value: 'strong', degree: 95, segment: 1, quote: '我马上就买' },
        violations: [{ rule: '施压销售', score: 0.9, segment: 2, quote: '不买就亏大了' }],
      }),
      T,
      DEFAULT_RULES,
    );
    expect(rejected.map((r) => r.label)).toEqual(['intention', 'violation:施压销售']);
    expect(result.intention).toBe(base.intention);
    expect(result.violations.some((v) => v.rule === '施压销售' && v.layer === 'llm')).toBe(false);
  });

  it('a score in the 待确认 band is decided yes but pending', () => {
    const { result } = mergeJudge(
      base,
      answer({ complaint: { value: true, score: 0.6, segment: 3, quote: '再打我就投诉你们' } }),
      T,
      DEFAULT_RULES,
    );
    expect(result.complaint).toMatchObject({ value: true, pending: true, score: 0.6 });
  });

  it('the next step and its time come with their quote', () => {
    const t = call([
      ['a', '您好，我是星辰教育的小王，想跟您聊聊课程。'],
      ['c', '可以，你明天上午十点再打给我，我跟家人商量一下。'],
    ]);
    const { result } = mergeJudge(
      analyse(t, DEFAULT_RULES),
      answer({
        intention: { value: 'general', degree: 60, segment: 1, quote: '我跟家人商量一下' },
        tags: [],
        complaint: { value: false, score: 0, segment: 0, quote: '' },
        violations: [],
        aiLabels: [],
        nextStep: { value: '明天上午十点再联系', time: '明天上午十点', segment: 1, quote: '你明天上午十点再打给我' },
      }),
      t,
      DEFAULT_RULES,
    );
    expect(result.summaryParts).toMatchObject({ nextStep: '明天上午十点再联系', nextStepTime: '明天上午十点' });
    expect(result.aiLabels).toEqual([2]);
  });
});

describe('judgePrompt', () => {
  it('numbers the segments, leaves announcements out and asks for every label; the schema is strict', () => {
    const [system, user] = judgePrompt(T, DEFAULT_RULES, (i) => i !== 0);
    expect(user.content).toContain('[#1 ');
    expect(user.content).not.toContain('[#0 ');
    expect(system.content).toContain('施压销售');
    expect(system.content).toContain('quote');
    const schema = JSON.stringify(z.toJSONSchema(JudgeAnswer));
    for (const key of ['intention', 'tags', 'complaint', 'violations', 'churnReason', 'aiLabels', 'nextStep'])
      expect(schema).toContain(key);
  });
});
