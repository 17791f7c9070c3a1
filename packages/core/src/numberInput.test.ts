import { describe, expect, it } from 'vitest';
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
