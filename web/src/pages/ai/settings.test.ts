import { describe, expect, it } from 'vitest';
import { regexError, splitWords, yuanToFen } from './settings';

describe('AI settings helpers', () => {
  it('splits hot words typed with commas, spaces and 、', () =>
    expect(splitWords(' 星辰教育，试听课、 少儿编程\n英语 ')).toEqual(['星辰教育', '试听课', '少儿编程', '英语']));
  it('tells a pattern that would not compile', () => {
    expect(regexError('保证(收益|回报)', 'u')).toBeNull();
    expect(regexError('保证(收益', '')).toMatch(/^正则表达式无效/);
    expect(regexError('', '')).toBe('请输入正则表达式');
  });
  it('turns yuan into fen without float noise', () => {
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
  });
});
