import { describe, expect, it } from 'vitest';
import { fenToYuanText, yuanToFen } from './money';

describe('money text', () => {
  it('yuan text to fen with no floating point', () => {
    expect(['0', '0.1', '0.01', '1234.5', '1,234.56', ' 19.99 ', '8.', '0.29', '100000000000'].map(yuanToFen)).toEqual([
      0, 10, 1, 123_450, 123_456, 1_999, 800, 29, 10_000_000_000_000,
    ]);
    expect(['', '-1', '1.234', 'abc', '1e3', null].map(yuanToFen)).toEqual([null, null, null, null, null, null]);
  });
  it('fen to yuan text', () => {
    expect([0, 1, 29, 123_450, -5, 10_000_000_000_000].map(fenToYuanText)).toEqual([
      '0.00',
      '0.01',
      '0.29',
      '1234.50',
      '-0.05',
      '100000000000.00',
    ]);
  });
});
