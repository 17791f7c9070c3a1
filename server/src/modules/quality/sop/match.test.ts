import { describe, expect, it } from 'vitest';
import { call } from '../../../lib/analyser/testCall';
import { compileSop } from './compile';
import { EXAMPLE_THRESHOLD, matchSop } from './match';
import type { SopItemSpec, SopRuleSpec } from './types';

const item = (id: number, over: Partial<SopItemSpec> = {}): SopItemSpec => ({
  id,
  name: `项${id}`,
  sort: id,
  keywords: [],
  examples: [],
  regex: [],
  speaker: 'agent',
  ...over,
});
const rule = (...items: SopItemSpec[]): SopRuleSpec => ({ id: 9, name: '测试规则', items });
const hitOf = (r: ReturnType<typeof matchSop>, id: number) => r.items.find((i) => i.itemId === id);

describe('matchSop: keywords', () => {
  const greet = rule(item(1, { keywords: ['我是星辰教育'] }), item(2, { keywords: ['加您微信'] }));

  it('finds a keyword and gives the first sentence that said it as evidence, with the words as said', () => {
    const r = matchSop(
      call([
        ['a', '您好，我是星辰教育的小王'],
        ['c', '嗯'],
        ['a', '那我加您微信吧'],
        ['a', '我再加您微信发一下资料'],
      ]),
      greet,
    );
    expect(hitOf(r, 1)).toMatchObject({ hit: true, how: 'keyword', score: 1 });
    expect(hitOf(r, 1)?.evidence).toMatchObject({ segment: 0, speaker: 'agent', match: '我是星辰教育' });
    expect(hitOf(r, 2)?.evidence).toMatchObject({ segment: 2, text: '那我加您微信吧', match: '加您微信' });
    expect(hitOf(r, 2)?.evidence?.startMs).toBeGreaterThan(0);
  });

  it('folds full width, Chinese punctuation and spaces, and reads ASR text without punctuation', () => {
    for (const text of [
      '您好，我是　星辰，教育的',
      '您好我是 星 辰 教 育 的小王',
      '喂你好我是星辰教育的小王啊我们这个',
    ]) {
      expect(hitOf(matchSop(call([['a', text]]), greet), 1)?.hit, text).toBe(true);
    }
    const wide = matchSop(call([['a', '请加ＶＩＰ群']]), rule(item(1, { keywords: ['vip群'] })));
    expect(hitOf(wide, 1)?.evidence?.match).toBe('ＶＩＰ群');
  });

  it('misses an item nobody covered', () => {
    const r = matchSop(call([['a', '您好']]), greet);
    expect(hitOf(r, 2)).toMatchObject({ hit: false, evidence: null, how: null, score: 0 });
  });
});

describe('matchSop: examples', () => {
  const needs = rule(item(3, { examples: ['请问孩子现在上几年级了'] }));

  it('takes a sentence similar enough to an example, worded differently and wrapped in other words', () => {
    const r = matchSop(call([['a', '好的好的，那孩子现在是上几年级了呀']]), needs);
    expect(hitOf(r, 3)).toMatchObject({ hit: true, how: 'example' });
    expect(hitOf(r, 3)?.score).toBeGreaterThanOrEqual(EXAMPLE_THRESHOLD);
    expect(hitOf(r, 3)?.score).toBeLessThanOrEqual(1);
  });

  it('leaves a sentence that shares a word or two', () => {
    expect(hitOf(matchSop(call([['a', '现在报名的话可以打八折']]), needs), 3)?.hit).toBe(false);
  });

  it('takes the threshold from the options', () => {
    const said = call([['a', '孩子几年级']]);
    expect(hitOf(matchSop(said, needs, { exampleThreshold: 0.3 }), 3)?.hit).toBe(true);
    expect(hitOf(matchSop(said, needs, { exampleThreshold: 0.9 }), 3)?.hit).toBe(false);
  });
});

describe('matchSop: regular expressions', () => {
  it('matches over the folded sentence and skips a pattern that does not compile', () => {
    const price = rule(item(5, { regex: ['([', '[0-9一二三四五六七八九十百千]+(元|块)'] }));
    const r = matchSop(call([['a', '一年是 3,980 元，现在报名打八折']]), price);
    expect(hitOf(r, 5)).toMatchObject({ hit: true, how: 'regex' });
    expect(hitOf(r, 5)?.evidence?.match).toBe('3,980 元');
    expect(hitOf(matchSop(call([['a', '价格很优惠的']]), price), 5)?.hit).toBe(false);
  });

  it('keeps `.` inside a clause and reads ^ and $ as its start and end', () => {
    const identity = rule(item(2, { regex: ['^请问是.{1,4}吗$'] }));
    expect(hitOf(matchSop(call([['a', '您好，请问是张先生吗？']]), identity), 2)?.hit).toBe(true);
    expect(hitOf(matchSop(call([['a', '喂 请问是张先生吗 我是小王']]), identity), 2)?.hit).toBe(true);
    expect(hitOf(matchSop(call([['a', '请问是，我们公司吗']]), identity), 2)?.hit).toBe(false);
  });

  it('tries a pattern that names punctuation on the sentence as said', () => {
    const r = matchSop(call([['a', '好的！我明天再打给您。']]), rule(item(7, { regex: ['打给您。$'] })));
    expect(hitOf(r, 7)?.evidence?.match).toBe('打给您。');
  });
});

describe('matchSop: speaker', () => {
  const said = call([
    ['c', '多少钱一年'],
    ['a', '您好'],
  ]);

  it('looks for an item only in its side of the call', () => {
    const words = { keywords: ['多少钱'] };
    expect(hitOf(matchSop(said, rule(item(1, words))), 1)?.hit).toBe(false);
    expect(hitOf(matchSop(said, rule(item(1, { ...words, speaker: 'customer' }))), 1)?.evidence?.speaker).toBe(
      'customer',
    );
    expect(hitOf(matchSop(said, rule(item(1, { ...words, speaker: 'any' }))), 1)?.hit).toBe(true);
  });
});

describe('matchSop: order and coverage', () => {
  const script = rule(
    item(1, { keywords: ['我是'] }),
    item(2, { keywords: ['请问是'] }),
    item(5, { keywords: ['打八折'] }),
    item(7, { keywords: ['加您微信'] }),
  );

  it('gives the items in the order they were first covered, and whether that is the script order', () => {
    const inOrder = matchSop(
      call([
        ['a', '您好我是小王'],
        ['a', '请问是张先生吗'],
        ['a', '现在打八折，我加您微信'],
      ]),
      script,
    );
    expect(inOrder.order).toEqual([1, 2, 5, 7]);
    expect(inOrder).toMatchObject({ ruleId: 9, inOrder: true, coverage: 1 });
    expect(inOrder.items.map((i) => i.itemId)).toEqual([1, 2, 5, 7]);

    const late = matchSop(
      call([
        ['a', '我加您微信'],
        ['a', '您好我是小王'],
        ['a', '我是说您加了吗'],
      ]),
      script,
    );
    expect(late.order).toEqual([7, 1]);
    expect(late.inOrder).toBe(false);
    expect(late.coverage).toBe(0.5);
  });

  it('lists items by their sort, whatever order the rule holds them in', () => {
    const shuffled = { ...script, items: [...script.items].reverse() };
    expect(matchSop(call([['a', '你好']]), shuffled).items.map((i) => i.itemId)).toEqual([1, 2, 5, 7]);
  });

  it('covers nothing for a rule without items or a call without sentences', () => {
    expect(matchSop(call([['a', '您好我是小王']]), rule())).toMatchObject({ coverage: 0, order: [], inOrder: true });
    expect(matchSop({ durationMs: 0, segments: [] }, script).coverage).toBe(0);
  });
});

describe('matchSop: precondition', () => {
  const objection = rule(
    item(6, { keywords: ['理解', '其实'], after: { keywords: ['太贵'], regex: ['没时间|没空'] } }),
  );

  it('counts the item only shortly after the other side said a trigger', () => {
    const answered = matchSop(
      call([
        ['a', '我理解，其实现在报名最划算'],
        ['c', '这也太贵了吧'],
        ['a', '我理解您的顾虑'],
      ]),
      objection,
    );
    expect(hitOf(answered, 6)?.evidence?.segment).toBe(2);

    const byPattern = matchSop(
      call([
        ['c', '我最近没空'],
        ['a', '其实线上课随时能看'],
      ]),
      objection,
    );
    expect(hitOf(byPattern, 6)?.hit).toBe(true);
  });

  it('does not count reassurance without a concern, nor long after it', () => {
    expect(hitOf(matchSop(call([['a', '我理解，其实很划算']]), objection), 6)?.hit).toBe(false);
    const late = matchSop(
      call([
        ['c', '太贵了'],
        ['a', '嗯'],
        ['c', '嗯'],
        ['a', '嗯嗯'],
        ['c', '那你说吧'],
        ['a', '其实很划算'],
      ]),
      objection,
    );
    expect(hitOf(late, 6)?.hit).toBe(false);
  });
});

describe('compileSop', () => {
  it('compiles once and matches many calls with the same result as the plain rule', () => {
    const spec = rule(item(1, { keywords: ['我是'], regex: ['(先生|女士)吗'], examples: ['请问孩子几年级了'] }));
    const compiled = compileSop(spec);
    for (const said of [call([['a', '您好我是小王']]), call([['a', '请问是张先生吗']]), call([['a', '孩子几年级了']])])
      expect(matchSop(said, compiled)).toEqual(matchSop(said, spec));
  });

  it('gives each of several rules holding the same pattern its own hit on the same call', () => {
    const a = rule(item(1, { regex: ['(先生|女士)吗'] }));
    const b = { ...rule(item(2, { regex: ['(先生|女士)吗'] }), item(3, { keywords: ['小王'] })), id: 10 };
    const said = call([
      ['a', '您好我是小王'],
      ['a', '请问是张先生吗'],
    ]);
    expect(hitOf(matchSop(said, a), 1)?.evidence).toMatchObject({ segment: 1, match: '先生吗' });
    expect(matchSop(said, b)).toMatchObject({ ruleId: 10, order: [3, 2], inOrder: false });
  });

  it('joins an item patterns into one search and still matches each of them', () => {
    const spec = rule(item(1, { regex: ['(a)\\1', '先生吗', '[0-9]+元'] }), item(2, { regex: ['女士吗', '^好的$'] }));
    const compiled = compileSop(spec);
    expect(compiled.items[0].anyPattern).toBeNull();
    expect(compiled.items[1].anyPattern).not.toBeNull();
    expect(hitOf(matchSop(call([['a', '好的，李女士吗']]), compiled), 2)?.evidence?.match).toBe('好的');
    expect(hitOf(matchSop(call([['a', '一共300元']]), compiled), 1)?.evidence?.match).toBe('300元');
  });
});
