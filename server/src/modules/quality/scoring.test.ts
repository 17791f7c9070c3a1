// The machine score of a call under a scorecard: deductions per occurrence, caps, fatal items, the pass line.
import type { ScorecardItem } from '@crm/core/contract/qualityCheck';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCORECARD } from './scorecards';
import { scoreCall } from './scoring';

const item = (i: Partial<ScorecardItem> & Pick<ScorecardItem, 'name' | 'kind' | 'deduct'>): ScorecardItem => ({
  rule: null,
  sopItemId: null,
  flag: null,
  maxDeduct: null,
  fatal: false,
  ...i,
});
const facts = (over: Partial<Parameters<typeof scoreCall>[1]> = {}) => ({
  violations: [],
  sopItems: [],
  flags: 0,
  ...over,
});

describe('scoreCall', () => {
  it('a clean call keeps 100 and passes', () => {
    expect(scoreCall(DEFAULT_SCORECARD, facts())).toEqual({ score: 100, passed: true, fatal: false, deductions: [] });
  });

  it('deducts per occurrence, by rule or any rule, and names what happened', () => {
    const card = {
      passLine: 60,
      items: [
        item({ name: '违规承诺', kind: 'violation', rule: '招生违规承诺', deduct: 10 }),
        item({ name: '其他违规', kind: 'violation', deduct: 3 }),
      ],
    };
    const r = scoreCall(
      card,
      facts({ violations: [{ rule: '招生违规承诺' }, { rule: '招生违规承诺' }, { rule: '退款诉求' }] }),
    );
    expect(r.deductions).toEqual([
      { item: '违规承诺', kind: 'violation', reason: '招生违规承诺', count: 2, points: 20, fatal: false },
      { item: '其他违规', kind: 'violation', reason: '招生违规承诺、退款诉求', count: 3, points: 9, fatal: false },
    ]);
    expect(r.score).toBe(71);
    expect(r.passed).toBe(true);
  });

  it('caps an item at maxDeduct and the score at 0', () => {
    const capped = { passLine: 60, items: [item({ name: '违规', kind: 'violation', deduct: 10, maxDeduct: 25 })] };
    const many = facts({ violations: Array.from({ length: 5 }, () => ({ rule: 'x' })) });
    expect(scoreCall(capped, many)).toMatchObject({ score: 75, passed: true });
    const uncapped = { passLine: 60, items: [item({ name: '违规', kind: 'violation', deduct: 30 })] };
    expect(scoreCall(uncapped, many)).toMatchObject({ score: 0, passed: false, fatal: false });
  });

  it('missed SOP items: one item by id, or any', () => {
    const sopItems = [
      { itemId: 1, name: '开场白', hit: true },
      { itemId: 2, name: '报价', hit: false },
      { itemId: 3, name: '约定下次跟进', hit: false },
    ];
    const one = { passLine: 60, items: [item({ name: '缺报价', kind: 'sopMissed', sopItemId: 2, deduct: 7 })] };
    expect(scoreCall(one, facts({ sopItems }))).toMatchObject({
      score: 93,
      deductions: [{ reason: '报价', count: 1 }],
    });
    expect(scoreCall(DEFAULT_SCORECARD, facts({ sopItems }))).toMatchObject({
      score: 90,
      deductions: [{ item: 'SOP环节缺失', reason: '报价、约定下次跟进', count: 2, points: 10 }],
    });
  });

  it('a fatal item zeroes the call and it never passes; flags by bit', () => {
    const r = scoreCall(DEFAULT_SCORECARD, facts({ flags: 4 | 1 }));
    expect(r).toMatchObject({ score: 0, fatal: true, passed: false });
    expect(r.deductions.map((d) => [d.item, d.reason, d.fatal])).toEqual([
      ['辱骂客户', '辱骂客户', true],
      ['语速过快', '语速过快', false],
    ]);
    expect(scoreCall(DEFAULT_SCORECARD, facts({ flags: 2 }))).toMatchObject({ score: 100, deductions: [] });
  });

  it('passes at the pass line, not below it', () => {
    const card = { passLine: 80, items: [item({ name: '违规', kind: 'violation', deduct: 10 })] };
    expect(scoreCall(card, facts({ violations: [{ rule: 'a' }, { rule: 'b' }] }))).toMatchObject({
      score: 80,
      passed: true,
    });
    expect(scoreCall(card, facts({ violations: [{ rule: 'a' }, { rule: 'b' }, { rule: 'c' }] }))).toMatchObject({
      score: 70,
      passed: false,
    });
  });
});
