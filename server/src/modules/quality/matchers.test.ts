// The matchers of forbidden-word lists and regex rules on transcripts with known answers, and the guard against
// catastrophic patterns.
import type { TranscriptSegment } from '@crm/core';
import { describe, expect, it } from 'vitest';
import { analyse } from '../../lib/analyser/analyse';
import { DEFAULT_RULES } from '../../lib/analyser/defaults';
import { checkersOf } from './checkers';
import { compileWordList, matchWordList, type WordListRule } from './prohibition';
import { assertTame, compileRegex, matchRegex, type OrgRegexRule } from './regex';
import { PRIVATE_MOBILE_PATTERN } from './seed';

const seg = (text: string, speaker: 'agent' | 'customer' = 'agent', i = 0): TranscriptSegment => ({
  speaker,
  startMs: i * 5000,
  endMs: i * 5000 + 4000,
  text,
});

const list = (words: string[], over: Partial<WordListRule> = {}): WordListRule => ({
  id: 7,
  name: '招生违规承诺',
  words,
  matchMode: 'contain',
  side: 'agent',
  ...over,
});

/** The list's words hit in one sentence. */
function wordsHit(rule: WordListRule, text: string, speaker: 'agent' | 'customer' = 'agent'): string[] {
  const compiled = compileWordList(rule);
  if (!compiled) return [];
  return matchWordList(compiled, 0, seg(text, speaker)).map((h) => h.word);
}

describe('forbidden-word lists', () => {
  it('whole word: a word inside a longer word is not a hit; standing alone it is', () => {
    const whole = list(['包过'], { matchMode: 'whole' });
    expect(wordsHit(whole, '面包过期了就别吃了')).toEqual([]);
    expect(wordsHit(whole, '东西我们打包过去')).toEqual([]);
    expect(wordsHit(whole, '这个班我们是包过的')).toEqual(['包过']);
    expect(wordsHit(whole, '包过')).toEqual(['包过']);
    // the same sentences with a contained list: every one is a hit
    const contain = list(['包过']);
    expect(wordsHit(contain, '面包过期了就别吃了')).toEqual(['包过']);
    expect(wordsHit(contain, '东西我们打包过去')).toEqual(['包过']);
  });

  it('whole word: 公司 is not found in 分公司, but is in 我们公司', () => {
    const whole = list(['公司'], { matchMode: 'whole' });
    expect(wordsHit(whole, '您去分公司那边办')).toEqual([]);
    expect(wordsHit(whole, '我们公司就在楼下')).toEqual(['公司']);
  });

  it('whole word: a phrase jieba cuts in two is still whole (保录取 = 保/录取, 内部名额 = 内部/名额)', () => {
    const whole = list(['保录取', '内部名额'], { matchMode: 'whole' });
    expect(wordsHit(whole, '我们保录取的，还有内部名额')).toEqual(['保录取', '内部名额']);
  });

  it('whole word: a longer word of the list that is not whole gives way to a shorter one that is', () => {
    const whole = list(['保本', '保本金'], { matchMode: 'whole' });
    // 保本金 is one phrase here; 保本 alone in the second clause
    expect(wordsHit(whole, '这个产品是保本的')).toEqual(['保本']);
  });

  it('Chinese punctuation, spaces and full-width characters are folded', () => {
    const rule = list(['包过', 'VIP名额']);
    expect(wordsHit(rule, '我们这个，包，过！')).toEqual(['包过']);
    expect(wordsHit(rule, '我们 包 过 的')).toEqual(['包过']);
    expect(wordsHit(rule, '给您留一个ＶＩＰ名额')).toEqual(['VIP名额']);
    expect(wordsHit(rule, '给您留一个vip名额')).toEqual(['VIP名额']);
  });

  it('an ASR transcript without punctuation still matches', () => {
    const rule = list(['零增项', '绝对不超预算'], { matchMode: 'whole' });
    expect(wordsHit(rule, '您放心我们这个套餐零增项绝对不超预算签了合同就开工')).toEqual(['零增项', '绝对不超预算']);
  });

  it('the words as said are reported (spaces and punctuation kept), the list word is counted', () => {
    const compiled = compileWordList(list(['包过']))!;
    const [hit] = matchWordList(compiled, 3, { ...seg('我们 包，过 的'), startMs: 15000 });
    expect(hit.word).toBe('包过');
    expect(hit.violation).toMatchObject({
      rule: '招生违规承诺',
      ruleId: 7,
      kind: 'prohibition',
      text: '包，过',
      segment: 3,
      startMs: 15000,
      speaker: 'agent',
    });
  });

  it('side: agent only, customer only, both', () => {
    const text = '你们是不是包过';
    expect(wordsHit(list(['包过']), text, 'customer')).toEqual([]);
    expect(wordsHit(list(['包过'], { side: 'customer' }), text, 'customer')).toEqual(['包过']);
    expect(wordsHit(list(['包过'], { side: 'customer' }), text, 'agent')).toEqual([]);
    expect(wordsHit(list(['包过'], { side: 'both' }), text, 'agent')).toEqual(['包过']);
    expect(wordsHit(list(['包过'], { side: 'both' }), text, 'customer')).toEqual(['包过']);
  });

  it('a list is literal: a denial is still a hit', () => {
    expect(wordsHit(list(['保录取']), '我们不能跟您说保录取')).toEqual(['保录取']);
    expect(wordsHit(list(['保录取'], { matchMode: 'whole' }), '保录取是不可能的')).toEqual(['保录取']);
  });

  it('every occurrence is a hit; blank and repeated words are ignored', () => {
    expect(wordsHit(list(['包过', ' ', '包过']), '包过，真的包过')).toEqual(['包过', '包过']);
    expect(compileWordList(list(['，', ' ']))).toBeNull();
  });
});

const regex = (pattern: string, over: Partial<OrgRegexRule> = {}): OrgRegexRule => ({
  id: 3,
  name: '私人手机号',
  pattern,
  flags: '',
  side: 'agent',
  ...over,
});

function regexHits(rule: OrgRegexRule, text: string, speaker: 'agent' | 'customer' = 'agent'): string[] {
  return matchRegex(compileRegex(rule)!, 0, seg(text, speaker)).map((v) => v.text);
}

describe('regex rules', () => {
  it('matches the sentence as said', () => {
    expect(regexHits(regex('1[3-9]\\d{9}'), '您打我手机13812345678就行')).toEqual(['13812345678']);
  });

  it('a number said with spaces, dashes or full-width digits matches on the folded text', () => {
    expect(regexHits(regex('1[3-9]\\d{9}'), '您打我手机 138 1234 5678 就行')).toEqual(['138 1234 5678']);
    expect(regexHits(regex('1[3-9]\\d{9}'), '打我电话１３８１２３４５６７８')).toEqual(['１３８１２３４５６７８']);
  });

  it('the demo rule: a private mobile the agent asks the customer to call, in punctuated and ASR text', () => {
    const rule = regex(PRIVATE_MOBILE_PATTERN);
    expect(regexHits(rule, '您加我私人微信，13912345678，我单独给您优惠')).toHaveLength(1);
    expect(regexHits(rule, '你直接打我手机幺三九不对是13912345678')).toHaveLength(1);
    expect(regexHits(rule, '您的订单号是13912345678吗')).toEqual([]);
    expect(regexHits(rule, '您加我私人微信13912345678', 'customer')).toEqual([]);
  });

  it('letters match in any case (ASR case means nothing); side is honoured', () => {
    expect(regexHits(regex('vip', { flags: 'i' }), '给您开个VIP')).toEqual(['VIP']);
    expect(regexHits(regex('vip'), '给您开个VIP')).toEqual(['VIP']);
    expect(regexHits(regex('VIP'), '给您开个 v i p')).toEqual(['v i p']);
    expect(regexHits(regex('退款', { side: 'customer' }), '我要退款', 'customer')).toEqual(['退款']);
    expect(regexHits(regex('退款', { side: 'customer' }), '可以退款', 'agent')).toEqual([]);
  });

  it('a pattern that no longer compiles is skipped', () => {
    expect(compileRegex(regex('(unclosed'))).toBeNull();
  });

  it('refuses catastrophic patterns quickly, accepts ordinary ones', () => {
    const refused = (p: string) => {
      const t0 = performance.now();
      let msg = '';
      try {
        assertTame(p, '');
      } catch (e) {
        msg = (e as Error).message;
      }
      return { msg, ms: performance.now() - t0 };
    };
    for (const p of ['(a+)+$', '(\\d+)*x', '(.*a){10}x', '^(\\w+\\s?)+$']) {
      const r = refused(p);
      expect(r.msg, p).toMatch(/回溯过多/);
      expect(r.ms, p).toBeLessThan(1000);
    }
    expect(refused('(unclosed').msg).toMatch(/^正则表达式无法编译：/);
    for (const p of ['1[3-9]\\d{9}', PRIVATE_MOBILE_PATTERN, '(保证|承诺).{0,4}(收益|回报)', '加.{0,3}微信'])
      expect(refused(p).msg, p).toBe('');
  });
});

describe('as checkers of the analyser', () => {
  const call: TranscriptSegment[] = [
    seg('您好我是星辰教育的顾问', 'agent', 0),
    seg('你们这个能保证考上吗', 'customer', 1),
    seg('放心我们保录取的有内部名额您加我私人微信13912345678', 'agent', 2),
  ];
  const rules = {
    lists: [compileWordList(list(['保录取', '内部名额'], { matchMode: 'whole' }))!],
    regexes: [compileRegex(regex(PRIVATE_MOBILE_PATTERN))!],
  };

  it('the violations are the call’s, with rule, id, kind, sentence and time', () => {
    const result = analyse({ durationMs: 15000, segments: call }, DEFAULT_RULES, checkersOf(rules));
    const ours = result.violations.filter((v) => v.kind === 'prohibition' || v.kind === 'orgRegex');
    expect(ours).toEqual([
      expect.objectContaining({ kind: 'prohibition', rule: '招生违规承诺', ruleId: 7, text: '保录取', segment: 2 }),
      expect.objectContaining({ kind: 'prohibition', rule: '招生违规承诺', ruleId: 7, text: '内部名额', segment: 2 }),
      expect.objectContaining({ kind: 'orgRegex', rule: '私人手机号', ruleId: 3, segment: 2, startMs: 10000 }),
    ]);
    expect(result.risk).toBe(true);
  });

  it('no rules, no checkers', () => {
    expect(checkersOf({ lists: [], regexes: [] })).toEqual([]);
  });

  it('50 rules over a 10-minute transcript take a few milliseconds', () => {
    const lists = Array.from(
      { length: 25 },
      (_, i) =>
        compileWordList(
          list(
            Array.from({ length: 20 }, (_, j) => `违禁${i}词${j}`),
            { id: i + 1, name: `词库${i}`, matchMode: i % 2 ? 'whole' : 'contain', side: 'both' },
          ),
        )!,
    );
    const regexes = Array.from(
      { length: 25 },
      (_, i) => compileRegex(regex(`(加|打)我.{0,4}${i}\\d{3}`, { id: i + 1, name: `正则${i}`, side: 'both' }))!,
    );
    const long = Array.from({ length: 150 }, (_, i) =>
      seg(
        i % 10 === 0
          ? '我们这个课程违禁3词4的孩子都说好，您放心'
          : '您好，这个课程是每周六上午十点开始，一共二十四节课，',
        i % 2 ? 'customer' : 'agent',
        i,
      ),
    );
    const checkers = checkersOf({ lists, regexes });
    const input = { transcript: { durationMs: 600_000, segments: long }, segments: long, rules: DEFAULT_RULES };
    for (const c of checkers) c.check(input); // warm up jieba and the caches
    // the best of three runs on fresh segments (nothing cached per segment): the machine is shared
    let ms = Number.POSITIVE_INFINITY;
    let found: unknown[] = [];
    for (let run = 0; run < 3; run++) {
      const fresh = long.map((s) => ({ ...s }));
      const t0 = performance.now();
      found = checkers.flatMap((c) => c.check({ ...input, segments: fresh }));
      ms = Math.min(ms, performance.now() - t0);
    }
    expect(found.length).toBe(15);
    expect(ms).toBeLessThan(30);
  });
});
