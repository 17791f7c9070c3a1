import { describe, expect, it } from 'vitest';
import {
  DATE_PRESETS,
  type DatePresetKey,
  joinRange,
  presetDays,
  presetRange,
  resolveDateValue,
  splitRange,
} from './dateRange';

// Wednesday 2026-11-18 10:00 in Shanghai (02:00 UTC).
const now = new Date('2026-11-18T02:00:00Z');

describe('date presets (weeks start Monday)', () => {
  it.each<[DatePresetKey, string, string]>([
    ['today', '2026-11-18', '2026-11-18'],
    ['yesterday', '2026-11-17', '2026-11-17'],
    ['tomorrow', '2026-11-19', '2026-11-19'],
    ['thisWeek', '2026-11-16', '2026-11-22'],
    ['lastWeek', '2026-11-09', '2026-11-15'],
    ['nextWeek', '2026-11-23', '2026-11-29'],
    ['thisMonth', '2026-11-01', '2026-11-30'],
    ['lastMonth', '2026-10-01', '2026-10-31'],
    ['nextMonth', '2026-12-01', '2026-12-31'],
    ['thisQuarter', '2026-10-01', '2026-12-31'],
    ['lastQuarter', '2026-07-01', '2026-09-30'],
    ['nextQuarter', '2027-01-01', '2027-03-31'],
    ['thisYear', '2026-01-01', '2026-12-31'],
    ['lastYear', '2025-01-01', '2025-12-31'],
    ['nextYear', '2027-01-01', '2027-12-31'],
    ['last7Days', '2026-11-12', '2026-11-18'],
    ['last30Days', '2026-10-20', '2026-11-18'],
    ['last90Days', '2026-08-21', '2026-11-18'],
    ['futureDay', '2026-11-18', '2026-11-19'],
    ['futureWeek', '2026-11-18', '2026-11-25'],
    ['futureMonth', '2026-11-18', '2026-12-18'],
    ['futureQuarter', '2026-11-18', '2027-02-18'],
    ['futureYear', '2026-11-18', '2027-11-18'],
    ['overdue', '2000-01-01', '2026-11-18'],
  ])('%s → %s 至 %s', (key, a, b) => expect(presetDays(key, now)).toEqual([a, b]));

  it('every preset is covered by the table above', () => expect(DATE_PRESETS).toHaveLength(24));

  it.each<[string, DatePresetKey, string, string]>([
    ['Sunday belongs to the week that began on Monday', 'thisWeek', '2026-11-16', '2026-11-22'],
    ['Monday starts its own week', 'lastWeek', '2026-11-16', '2026-11-22'],
  ])('%s', (_, key, a, b) => {
    const sunday = new Date('2026-11-22T10:00:00Z');
    const nextMonday = new Date('2026-11-23T01:00:00Z');
    expect(presetDays(key, key === 'thisWeek' ? sunday : nextMonday)).toEqual([a, b]);
  });

  it.each([
    ['2024-03-31T02:00:00Z', 'lastMonth', '2024-02-01', '2024-02-29'],
    ['2026-01-31T02:00:00Z', 'futureMonth', '2026-01-31', '2026-02-28'],
    ['2026-01-05T02:00:00Z', 'lastQuarter', '2025-10-01', '2025-12-31'],
    ['2026-12-31T17:00:00Z', 'today', '2027-01-01', '2027-01-01'],
  ])('at %s %s → %s 至 %s', (at, key, a, b) => expect(presetDays(key as DatePresetKey, new Date(at))).toEqual([a, b]));

  it('ranges run from 00:00:00 to 23:59:59', () =>
    expect(presetRange('today', now)).toEqual(['2026-11-18 00:00:00', '2026-11-18 23:59:59']));
});

describe('range text with 至', () => {
  it.each([
    ['2026-11-01至2026-11-18', ['2026-11-01 00:00:00', '2026-11-18 23:59:59']],
    ['2026-11-01 至 2026-11-18', ['2026-11-01 00:00:00', '2026-11-18 23:59:59']],
    ['2026-02-30至2026-03-01', null],
    ['2026-11-01', null],
    ['', null],
    [null, null],
  ])('split %s', (text, range) => expect(splitRange(text)).toEqual(range));

  it('join', () => expect(joinRange('2026-11-01 00:00:00', '2026-11-18 23:59:59')).toBe('2026-11-01至2026-11-18'));

  it.each([
    ['今天', ['2026-11-18 00:00:00', '2026-11-18 23:59:59']],
    ['近7天', ['2026-11-12 00:00:00', '2026-11-18 23:59:59']],
    ['超时', ['2000-01-01 00:00:00', '2026-11-18 23:59:59']],
    ['2026-01-01至2026-01-31', ['2026-01-01 00:00:00', '2026-01-31 23:59:59']],
    ['乱写', null],
  ])('resolve %s', (value, range) => expect(resolveDateValue(value, now)).toEqual(range));
});
