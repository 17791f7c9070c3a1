import { describe, expect, it } from 'vitest';
import {
  ageOf,
  durationHms,
  durationMs,
  fenToYuan,
  formatThousands,
  formatUnit,
  secondsToHMS,
  weekdayCn,
} from './format';

describe('fenToYuan', () => {
  it.each([
    [1288000, '12,880.00'],
    [356050, '3,560.50'],
    [0, '0.00'],
    [1, '0.01'],
    [99, '0.99'],
    [123456789, '1,234,567.89'],
    [-150, '-1.50'],
    ['2500', '25.00'],
    [null, '-'],
    [undefined, '-'],
    ['', '-'],
    ['abc', '-'],
  ])('%s fen → %s', (fen, text) => expect(fenToYuan(fen as number)).toBe(text));
});

describe('formatThousands', () => {
  it.each([
    [1234.5, 2, '1,234.50'],
    [1000000, 0, '1,000,000'],
    [-0.001, 2, '0.00'],
    [999, 1, '999.0'],
  ])('%s (%s decimals) → %s', (n, d, text) => expect(formatThousands(n, d)).toBe(text));
});

describe('formatUnit (万, 亿)', () => {
  it.each([
    [0, '0'],
    [9999, '9999'],
    [10000, '1万'],
    [12345, '1.23万'],
    [125000, '12.5万'],
    [99_999_999, '10000万'],
    [100_000_000, '1亿'],
    [256_000_000, '2.56亿'],
    [-35000, '-3.5万'],
    [12.345, '12.35'],
    [null, '-'],
  ])('%s → %s', (n, text) => expect(formatUnit(n as number)).toBe(text));
});

describe('durations', () => {
  it.each([
    [0, '00:00:00', '0:00:00', '00:00'],
    [5, '00:00:05', '0:00:05', '00:05'],
    [65, '00:01:05', '0:01:05', '01:05'],
    [3600, '01:00:00', '1:00:00', '60:00'],
    [3725, '01:02:05', '1:02:05', '62:05'],
    [86399, '23:59:59', '23:59:59', '1439:59'],
    [90061.7, '25:01:01', '25:01:01', '1501:01'],
    [null, '-', '-', '-'],
    [-3, '-', '-', '-'],
  ])('%s s → HH:MM:SS %s, h:mm:ss %s, mm:ss %s', (s, hms, hmsShort, ms) => {
    expect(secondsToHMS(s as number)).toBe(hms);
    expect(durationHms(s as number)).toBe(hmsShort);
    expect(durationMs(s as number)).toBe(ms);
  });
});

describe('ageOf (full years, Shanghai calendar)', () => {
  const now = new Date('2026-06-15T04:00:00Z'); // 2026-06-15 12:00 Shanghai
  it.each([
    ['1990-06-15', 36],
    ['1990-06-16', 35],
    ['1990-06-14', 36],
    ['2000-02-29', 26],
    ['2026-06-15', 0],
    ['2026-06-16', null],
    ['', null],
    ['not a date', null],
  ])('born %s → %s', (birth, age) => expect(ageOf(birth, now)).toBe(age));
});

describe('weekdayCn', () => {
  it.each([
    ['2026-11-16', '星期一'],
    ['2026-11-21', '星期六'],
    ['2026-11-22', '星期日'],
    [new Date('2026-11-22T17:00:00Z'), '星期一'], // already Monday in Shanghai
    [0, '星期日'],
    [3, '星期三'],
  ])('%s → %s', (d, name) => expect(weekdayCn(d as Date)).toBe(name));
  it('short form', () => expect(weekdayCn('2026-11-18', '周')).toBe('周三'));
});
