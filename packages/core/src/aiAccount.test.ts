import { describe, expect, it } from 'vitest';
import { aiAccountTip } from './aiAccount';

const now = new Date('2026-11-18T12:00:00+08:00');

describe('AI account tip', () => {
  it.each([
    [{ isLess: 1, expTime: '2030-01-01 00:00:00' }, 1],
    [{ isLess: 1 }, 1],
    [{ isLess: 0, expTime: '2026-11-20 00:00:00' }, 2],
    [{ isLess: 0, expTime: '2026-11-25 12:00:00' }, 2],
    [{ isLess: 0, expTime: '2026-11-25 12:00:01' }, 0],
    [{ isLess: 0, expTime: '2026-11-18 11:00:00' }, 0],
    [{ isLess: 0, expTime: '2026-12-31' }, 0],
    [{ isLess: 0, expTime: Date.parse('2026-11-19T00:00:00+08:00') }, 2],
    [{ isLess: 0 }, 0],
    [null, 0],
  ])('%o → %s', (acct, tip) => expect(aiAccountTip(acct, now)).toBe(tip));
});
