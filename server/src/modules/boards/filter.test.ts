import { presetDays } from '@crm/core';
import { describe, expect, it } from 'vitest';
import { sheetName } from './exports';
import { daysOf, percent, rangeOf } from './filter';

describe('board ranges', () => {
  it('whole Shanghai days: 00:00 of the first to the last millisecond of the last', () => {
    const r = rangeOf({ startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(r.from.toISOString()).toBe('2026-09-30T16:00:00.000Z');
    expect(r.to.toISOString()).toBe('2026-10-31T15:59:59.999Z');
    expect(daysOf(r)).toHaveLength(31);
  });

  it('defaults to the preset (this month unless a setting says otherwise)', () => {
    const [a, b] = presetDays('thisQuarter');
    expect(rangeOf({}, 'thisQuarter')).toMatchObject({ fromDay: a, toDay: b });
    expect(rangeOf({}).fromDay).toBe(presetDays('thisMonth')[0]);
  });

  it('refuses an end before the start and more than 366 days', () => {
    expect(() => rangeOf({ startDate: '2026-10-02', endDate: '2026-10-01' })).toThrow('结束日期不能早于开始日期');
    expect(() => rangeOf({ startDate: '2025-01-01', endDate: '2026-01-02' })).toThrow('统计时间最长 366 天');
    expect(() => rangeOf({ startDate: '2025-01-01', endDate: '2026-01-01' })).not.toThrow();
  });

  it('a trend has no days after today', () => {
    const today = presetDays('today')[0];
    const days = daysOf(rangeOf({}, 'thisYear'));
    expect(days.at(-1)).toBe(today);
  });

  it('percent with one decimal, none without a whole', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(130_000, 400_000)).toBe(32.5);
    expect(percent(5, 0)).toBeNull();
  });

  it('sheet names keep to the spreadsheet rules', () => {
    expect(sheetName(0, "'成交/排行[本月]?'")).toBe('1 成交排行本月');
    expect(sheetName(11, '很'.repeat(40))).toHaveLength(31);
  });
});
