import { describe, expect, it } from 'vitest';
import { isDialable, normalizePhone, phoneProblem, phoneSearchText } from './phone';

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

describe('phoneProblem', () => {
  it.each([
    '13800138000',
    '+86 138 0013 8017',
    '010-12345678',
    '021 6666 8888',
    '0571-8888666',
    '0571 8888 6666',
    '（０１０）１２３４５６７８',
    '400-800-1234',
    '800 820 8820',
    '+1 (415) 555-0100',
    '+44 20 7946 0958',
    '+86 10 12345678',
  ])('%s is dialable', (n) => {
    expect(phoneProblem(n)).toBeNull();
    expect(isDialable(n)).toBe(true);
  });

  it.each([
    ['1380013800', '手机号“1380013800”应为 11 位数字（现为 10 位）'],
    ['1380013', '手机号“1380013”应为 11 位数字（现为 7 位）'],
    ['12800138000', '手机号“12800138000”不正确：应以 13–19 开头'],
    ['138001380001', '手机号“138001380001”应为 11 位数字（现为 12 位）'],
    ['010-1234', '固定电话“010-1234”不正确：应为区号加 7–8 位号码，如 010-12345678'],
    ['88886666', '固定电话“88886666”缺少区号，如 010-12345678'],
    ['400-123-45', '400/800 号码“400-123-45”应为 10 位数字（现为 8 位）'],
    ['+1 23', '国际号码“+1 23”不正确：应为 + 国家代码和号码，共 8–15 位数字'],
    ['abc', '“abc”不是电话号码：只能有数字，国际号码以 + 开头'],
    ['95', '“95”不是有效的电话号码：应为手机号（11 位）、带区号的固定电话、400/800 号码或以 + 开头的国际号码'],
  ])('%s: %s', (n, msg) => {
    expect(phoneProblem(n)).toBe(msg);
    expect(isDialable(n)).toBe(false);
  });

  it('does not judge empty text (required is the caller’s rule)', () => {
    expect(phoneProblem('  ')).toBeNull();
    expect(isDialable('')).toBe(false);
  });
});
