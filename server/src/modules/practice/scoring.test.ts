// The practice scorer: the negation guard, a point's kind and meaning classes, forbidden words with words in between.
import { describe, expect, it } from 'vitest';
import type { SopItemSpec } from '../quality';
import { forbiddenSaid, spreadPattern } from './forbidden';
import { classPatterns } from './meaningClasses';
import { kindPatterns } from './pointKinds';
import type { ScoringPointSpec } from './schema';
import { negationOf, scoreConversation } from './scoring';

describe('negationOf', () => {
  it('matches a waived step in the same clause only', () => {
    const re = new RegExp(negationOf(['健康告知', '如实'])!);
    expect(re.test('这种小问题不用写在健康告知里，直接投就行')).toBe(true);
    expect(re.test('这个必须如实告知，不能隐瞒')).toBe(false);
    expect(re.test('不用担心，健康告知我陪您一项项填')).toBe(false);
    expect(negationOf(['a', ' '])).toBeNull();
  });
});

describe('a point by its kind and meaning class', () => {
  const point = (keywords: string[], regex: string[] = [], after?: string[]) =>
    new Map<number, SopItemSpec>([
      [
        1,
        {
          id: 1,
          name: 'p',
          sort: 0,
          keywords,
          examples: [],
          regex,
          speaker: 'agent',
          ...(after ? { after: { keywords: after, regex: [] } } : {}),
        },
      ],
    ]);
  const hit = (items: Map<number, SopItemSpec>, stage: ScoringPointSpec['stage'], lines: [string, string][]) =>
    scoreConversation(
      {
        stages: [stage],
        scoringPoints: [{ name: 'p', stage, sopItemId: 1, keywords: [], score: 10 }],
        forbiddenWords: [],
        passScore: 60,
      },
      lines.map(([who, text]) => ({ speaker: who === 'A' ? 'agent' : 'customer', text, stage: null })),
      items,
    ).points[0].hit;

  it('a point that takes an amount takes every amount, one without amounts does not', () => {
    const price = point([], ['[0-9一二三四五六七八九十百千两]+(块|元)']);
    expect(hit(price, 'price', [['A', '五个账号一年四千九']])).toBe(true);
    expect(hit(point(['不保本']), 'price', [['A', '五个账号一年四千九']])).toBe(false);
    expect(kindPatterns({ keywords: ['不保本'], regex: [] })).toEqual([]);
  });

  it('a next-step point takes a time with an action, not 一点 (a little)', () => {
    const close = point([], ['(明天|今晚).{0,8}(电话|过来|见)']);
    expect(hit(close, 'close', [['A', '我今晚提交预核保']])).toBe(true);
    expect(hit(close, 'close', [['A', '可能少赚一点或者有一两个月是负的']])).toBe(false);
  });

  it('an objection point opens on a concern said in other words than its own', () => {
    const objection = point(['赎回'], [], ['贵']);
    const answer = '那我建议一年期的别放太多，赎回当天到账';
    expect(
      hit(objection, 'objection', [
        ['C', '说不好，我孙子可能要用'],
        ['A', answer],
      ]),
    ).toBe(true);
    expect(
      hit(objection, 'objection', [
        ['C', '好的'],
        ['A', answer],
      ]),
    ).toBe(false);
  });

  it('a keyword takes the other words of its meaning class only', () => {
    expect(classPatterns(['分阶段']).length).toBe(1);
    expect(classPatterns(['阶段', '报价'])).toEqual([]);
    expect(hit(point(['包含']), 'objection', [['A', '这里面包括了产调和过户']])).toBe(true);
    expect(hit(point(['针对']), 'product', [['A', '他可能更适合我们的三人小班']])).toBe(true);
  });
});

describe('forbiddenSaid', () => {
  const said = (text: string, words: string[]) =>
    forbiddenSaid({ durationMs: 1, segments: [{ speaker: 'agent', startMs: 0, endMs: 1, text }] }, words).length;

  it('finds a long word with a few words in between, in one clause, not negated', () => {
    expect(said('一学期下来保证给您提二十分以上', ['保证提分'])).toBe(1);
    expect(said('保证给您，提二十分', ['保证提分'])).toBe(0);
    expect(said('保证不了提分，但会有反馈', ['保证提分'])).toBe(0);
    expect(said('没有机构敢保证给您提分', ['保证提分'])).toBe(0);
    expect(said('保证提分', ['保证提分'])).toBe(1);
    expect(spreadPattern('包提')).toBeNull();
  });
});
