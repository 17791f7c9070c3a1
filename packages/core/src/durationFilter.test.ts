import { describe, expect, it } from 'vitest';
import {
  DURATION_LEVELS,
  durationBound,
  durationOutOfRange,
  durationRange,
  MAX_FILTER_DURATION_SECONDS,
} from './durationFilter';

describe('duration filter', () => {
  it('reads levels and custom ranges, a trailing unit stripped', () => {
    expect(durationRange({ option: 1, level: 2 })).toEqual({ min: 11, max: 30 });
    expect(durationRange({ option: 2, min: '10秒', max: 60 })).toEqual({ min: 10, max: 60 });
    expect(durationBound('abc')).toBeNull();
  });

  it('never hands out a bound that overflows a column: beyond the range it selects as it would', () => {
    expect(MAX_FILTER_DURATION_SECONDS).toBe(604800);
    expect(durationRange({ option: 2, min: 3000000, max: '1e300' })).toEqual({
      min: MAX_FILTER_DURATION_SECONDS + 1,
      max: MAX_FILTER_DURATION_SECONDS + 1,
    });
    expect(durationRange({ option: 2, min: '-1e300', max: -5 })).toEqual({ min: -1, max: -1 });
    expect(durationOutOfRange('最短时长')).toBe('最短时长应在 0-604800 秒之间（最长 7 天）');
  });
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
