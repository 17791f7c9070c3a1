import { describe, expect, it } from 'vitest';
import { DURATION_LEVELS, durationRange } from './durationFilter';
import { rangeMessage, sanitizeNumber, toNumber } from './numberInput';

describe('sanitizeNumber', () => {
  it.each([
    ['123', {}, '123'],
    ['12a3', {}, '123'],
    ['-12.345', {}, '-12.34'],
    ['--12', {}, '-12'],
    ['1-2-3', {}, '123'],
    ['-1-2.345a', {}, '-12.34'],
    ['1.2.3', {}, '1.23'],
    ['1.2.3', { decimals: 3 }, '1.23'],
    ['3.14159', { decimals: 4 }, '3.1415'],
    ['3.9', { decimals: 0 }, '3'],
    ['-5', { negative: false }, '5'],
    ['.5', {}, '.5'],
    ['¥1,234.5元', {}, '1234.5'],
    ['', {}, ''],
    [null, {}, ''],
  ])('%s with %o → %s', (text, rules, out) => expect(sanitizeNumber(text, rules)).toBe(out));
});

describe('toNumber (number qualifier)', () => {
  it.each([
    ['12.5', 12.5],
    ['-3', -3],
    ['', null],
    ['-', null],
    ['.', null],
    ['1e3', 1000],
    [7, 7],
    [null, null],
  ])('%s → %s', (text, n) => expect(toNumber(text as string)).toBe(n));
});

describe('rangeMessage', () => {
  it.each([
    [5, 1, 10, null],
    [0, 1, 10, '数值不能小于1'],
    [11, 1, 10, '数值不能大于10'],
    [-1, 0, undefined, '数值不能小于0'],
    [1e9, undefined, 100, '数值不能大于100'],
    [null, 1, 10, null],
  ])('%s in [%s, %s] → %s', (v, min, max, msg) => expect(rangeMessage(v, min, max)).toBe(msg));
});

describe('durationRange', () => {
  it.each([
    [
      { option: 1, level: 0 },
      { min: null, max: null },
    ],
    [
      { option: 1, level: 1 },
      { min: 0, max: 10 },
    ],
    [
      { option: 1, level: 2 },
      { min: 11, max: 30 },
    ],
    [
      { option: 1, level: 3 },
      { min: 30, max: 60 },
    ],
    [
      { option: 1, level: 4 },
      { min: 60, max: 180 },
    ],
    [
      { option: 1, level: 5 },
      { min: 180, max: 300 },
    ],
    [
      { option: 1, level: 6 },
      { min: 300, max: 600 },
    ],
    [
      { option: 1, level: 7 },
      { min: 600, max: null },
    ],
    [
      { option: 1, level: 99 },
      { min: null, max: null },
    ],
    [
      { option: 2, min: '15s', max: '45秒' },
      { min: 15, max: 45 },
    ],
    [
      { option: 2, min: '20', max: '' },
      { min: 20, max: null },
    ],
    [
      { option: 2, min: 5, max: 8 },
      { min: 5, max: 8 },
    ],
    [null, { min: null, max: null }],
  ])('%o → %o', (f, range) => expect(durationRange(f as never)).toEqual(range));
  it('has levels 0-7', () => expect(DURATION_LEVELS.map((l) => l.value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]));
});
