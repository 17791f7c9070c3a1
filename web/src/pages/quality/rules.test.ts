import { ProhibitionWordInput } from '@crm/core/contract/quality';
import { describe, expect, it } from 'vitest';
import {
  fieldErrorsOf,
  hitFilters,
  markSpans,
  occurrences,
  parseRuleValue,
  parseWords,
  ruleValue,
  tryPattern,
  wordCountLabels,
  wordsProblem,
} from './rules';

describe('forbidden words typed in a box', () => {
  it('splits by lines, commas and 、, trims and drops blanks and repeats', () => {
    expect(parseWords(' 包过，内部名额\n保录取、包过;;\r\n 稳上重点 ,')).toEqual([
      '包过',
      '内部名额',
      '保录取',
      '稳上重点',
    ]);
    expect(parseWords('')).toEqual([]);
    expect(parseWords(undefined)).toEqual([]);
  });
  it('keeps the words of a phrase together (spaces are not separators)', () =>
    expect(parseWords('不过 退全款\n百分百提分')).toEqual(['不过 退全款', '百分百提分']));
  it('agrees with the server on what a pasted text is', () => {
    const text = '包过、保过，内部名额\n\n保过';
    expect(parseWords(text)).toEqual(ProhibitionWordInput.parse({ name: '招生', words: text }).words);
  });
  it('tells what the server would refuse, in Chinese', () => {
    expect(wordsProblem([])).toBe('请输入违禁词');
    expect(wordsProblem(['包过', '字'.repeat(31)])).toMatch(/超过 30 个字/);
    expect(wordsProblem(Array.from({ length: 501 }, (_, i) => `词${i}`))).toBe(
      '一个词库最多 500 个违禁词，现有 501 个',
    );
    expect(wordsProblem(['包过', '字'.repeat(30)])).toBeNull();
  });
});

describe('the regex try-out', () => {
  it('lists every match with where it is', () =>
    expect(tryPattern('加我?(微信|手机)', '', '你加我微信吧，或者加手机')).toEqual({
      matches: [
        { text: '加我微信', index: 1 },
        { text: '加手机', index: 9 },
      ],
    }));
  it('applies the flags and skips empty matches', () => {
    expect(tryPattern('vip', 'i', '开通 VIP 会员')).toEqual({ matches: [{ text: 'VIP', index: 3 }] });
    expect(tryPattern('x*', '', 'abc')).toEqual({ matches: [] });
  });
  it('says why a pattern does not compile, as the server does', () => {
    const r = tryPattern('保证(收益', '', '保证收益');
    expect('error' in r && r.error).toMatch(/^正则表达式无法编译：/);
    expect(tryPattern('  ', '', 'x')).toEqual({ error: '请输入正则表达式' });
  });
  it('stops after 50 matches', () => {
    const r = tryPattern('a', '', 'a'.repeat(80));
    expect('matches' in r && r.matches.length).toBe(50);
  });
});

describe('marking a sentence', () => {
  it('cuts the text around its marks', () =>
    expect(markSpans('我们包过，真的包过', occurrences('我们包过，真的包过', '包过'))).toEqual([
      { text: '我们', marked: false },
      { text: '包过', marked: true },
      { text: '，真的', marked: false },
      { text: '包过', marked: true },
    ]));
  it('leaves a sentence without the words whole', () =>
    expect(markSpans('您好', occurrences('您好', '包 过'))).toEqual([{ text: '您好', marked: false }]));
});

describe('a refused save on the form', () => {
  const fields = ['name', 'pattern', 'flags'];
  it('puts the server validation on its field', () =>
    expect(
      fieldErrorsOf(
        {
          msg: 'pattern：正则表达式无法编译：Unterminated group',
          data: { errors: [{ field: 'pattern', message: '正则表达式无法编译：Unterminated group' }] },
        },
        fields,
      ),
    ).toEqual([{ name: 'pattern', errors: ['正则表达式无法编译：Unterminated group'] }]));
  it('puts the server own pattern checks and a taken name on their fields', () => {
    expect(fieldErrorsOf({ msg: '正则表达式回溯过多（如 (a+)+ 这类嵌套重复）', data: null }, fields)).toEqual([
      { name: 'pattern', errors: ['正则表达式回溯过多（如 (a+)+ 这类嵌套重复）'] },
    ]);
    expect(fieldErrorsOf({ msg: '规则名称已存在', data: null }, fields)).toEqual([
      { name: 'name', errors: ['规则名称已存在'] },
    ]);
  });
  it('tells an item of a list on the list field', () =>
    expect(
      fieldErrorsOf({ msg: 'x', data: { errors: [{ field: 'words.2', message: '每个违禁词最多 30 个字' }] } }, [
        'words',
      ]),
    ).toEqual([{ name: 'words', errors: ['每个违禁词最多 30 个字'] }]));
  it('leaves other errors to the page', () => {
    expect(fieldErrorsOf({ msg: '无权限访问', data: null }, fields)).toBeNull();
    expect(fieldErrorsOf({ msg: 'x：y', data: { errors: [{ field: 'other', message: 'y' }] } }, fields)).toBeNull();
  });
});

describe('the rule select of the hit filters', () => {
  it('names a kind and a rule', () => {
    expect(parseRuleValue(ruleValue('orgRegex', 7))).toEqual({ kind: 'orgRegex', ruleId: 7 });
    expect(parseRuleValue(ruleValue('prohibition'))).toEqual({ kind: 'prohibition' });
    expect(parseRuleValue('prohibition:x')).toEqual({});
    expect(parseRuleValue(undefined)).toEqual({});
    expect(parseRuleValue('other:1')).toEqual({});
  });
});

describe('the hit filters', () => {
  it('sends what is set, the rule as kind and id, the dates only with a range chosen', () => {
    expect(
      hitFilters({
        rule: 'prohibition:3',
        word: ' 包过 ',
        ownerUserId: 5,
        date: '今天',
        startTime: '2025-01-02 00:00:00',
        endTime: '2025-01-02 23:59:59',
      }),
    ).toEqual({
      kind: 'prohibition',
      ruleId: 3,
      word: '包过',
      ownerUserId: 5,
      startTime: '2025-01-02 00:00:00',
      endTime: '2025-01-02 23:59:59',
    });
    expect(hitFilters({ word: '  ', date: null, startTime: '2025-01-02 00:00:00' })).toEqual({});
  });
});

describe('the per-word counts', () => {
  it('name the list only where a word is counted for several lists', () =>
    expect(
      wordCountLabels([
        { word: '包过', ruleName: '招生违规承诺' },
        { word: '加我微信', ruleName: '引导加微信' },
        { word: '包过', ruleName: '考试承诺' },
      ]),
    ).toEqual(['包过（招生违规承诺）', '加我微信', '包过（考试承诺）']));
});
