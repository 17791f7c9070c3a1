import { describe, expect, it } from 'vitest';
import { normalizePhone, phoneSearchText } from './phone';

describe('normalizePhone', () => {
  it.each([
    ['+86 138 0013 8017', '13800138017'],
    ['86-138-0013-8016', '13800138016'],
    ['8613800138016', '13800138016'],
    ['0086 138 0013 8016', '13800138016'],
    ['+86-13800138016', '13800138016'],
    ['138.0013.8016', '13800138016'],
    ['(+86) 138-0013-8016', '13800138016'],
    ['１３８００１３８０００', '13800138000'],
    ['＋８６　１３８－００１３－８０００', '13800138000'],
    ['（０１０）１２３４５６７８', '01012345678'],
    ["'+86 138 0013 8017", '13800138017'],
    ['  13800138000  ', '13800138000'],
    ['010-12345678', '01012345678'],
    ['0571 8888 6666', '057188886666'],
    ['13800138000', '13800138000'],
    // not a mainland mobile after the 86: the digits stay as they are
    ['86-10-12345678', '861012345678'],
    ['+1 (415) 555-0100', '+14155550100'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it('returns text that is not a number trimmed and otherwise unchanged', () => {
    expect(normalizePhone(' abc ')).toBe('abc');
    expect(normalizePhone('138+0013')).toBe('138+0013');
    expect(normalizePhone('138 0013 转 8')).toBe('138 0013 转 8');
  });
});

describe('phoneSearchText', () => {
  it.each([
    ['+86 138', '138'],
    ['0086-1380', '1380'],
    ['+86 138 0013 8017', '13800138017'],
    ['86-138-0013-8016', '13800138016'],
    ['１３８００', '13800'],
    ['010-1234', '0101234'],
    ['+1 415', '+1415'],
  ])('%s → %s', (input, expected) => {
    expect(phoneSearchText(input)).toBe(expected);
  });

  it('is null for text that is not (part of) a number', () => {
    expect(phoneSearchText('张伟')).toBeNull();
    expect(phoneSearchText('138abc')).toBeNull();
    expect(phoneSearchText('')).toBeNull();
  });
});
