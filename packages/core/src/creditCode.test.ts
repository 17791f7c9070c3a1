import { describe, expect, it } from 'vitest';
import { isCreditCode } from './creditCode';

describe('统一社会信用代码', () => {
  it('accepts codes whose check character matches, refuses the others', () => {
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
    expect(isCreditCode('911100007109288314')).toBe(true);
    expect(isCreditCode('911100007109288315')).toBe(false);
    expect(isCreditCode('91110000710928831X')).toBe(false);
    expect(isCreditCode('91350100M000100Y4')).toBe(false);
    expect(isCreditCode('91350100m000100y43')).toBe(false);
  });
});
