import { describe, expect, it } from 'vitest';
import { axisValue, formatValue, percentOf } from './format';

describe('figures', () => {
  it('reads each kind as the spec says', () => {
    expect(formatValue(123_456)).toBe('12.35万');
    expect(formatValue(250_000_000)).toBe('2.5亿');
    expect(formatValue(1_288_000, 'money')).toBe('12,880.00');
    expect(formatValue(3725, 'duration')).toBe('01:02:05');
    expect(formatValue(66.666, 'percent')).toBe('66.67%');
    expect(formatValue(null)).toBe('-');
    expect(axisValue(1_288_000_00, 'money')).toBe('128.8万');
    expect(axisValue(5400, 'duration')).toBe('1.5时');
  });
  it('rates are 0 when nothing was tried', () => {
    expect(percentOf(2, 3)).toBe(66.67);
    expect(percentOf(0, 0)).toBe(0);
  });
});
