import { describe, expect, it } from 'vitest';
import { lookupTerms } from './search';
import { normalise, terms, words } from './tokens';

describe('knowledge terms', () => {
  it('normalises width, case, Chinese numbers before a measure word and the ways of asking', () => {
    expect(normalise('ＣＲＭ１２３')).toBe('crm123');
    expect(normalise('等待期三个月')).toBe('等待期3个月');
    expect(normalise('两千多的课')).toBe('2千多的课');
    expect(normalise('十二节课')).toBe('12节课');
    expect(normalise('安心百万医疗')).toBe('安心百万医疗'); // a lone 百 is a word
    expect(normalise('一起')).toBe('一起');
    expect(normalise('CRM一个人')).toBe('crm 1个人');
    expect(normalise('能不能分期吗').trim()).toBe('分期');
  });

  it('cuts words, drops the asking words, and adds characters and pairs of each run', () => {
    expect(words('试听课怎么预约呢')).toEqual(expect.arrayContaining(['预约']));
    expect(words('试听课怎么预约呢')).not.toContain('怎么');
    const t = terms('定做衣柜', true);
    expect(t).toEqual(expect.arrayContaining(['定做', '衣柜', '做衣', '定', '柜']));
  });

  it('sends the rarest longer terms to the index within the budget, single characters only when alone', () => {
    const df = new Map([
      ['价格', 900],
      ['分期', 40],
      ['期', 2],
      ['课程', 500],
    ]);
    expect(lookupTerms(['价格', '分期', '期', '课程'], df, 600)).toEqual(['分期', '课程']);
    expect(lookupTerms(['价格', '分期', '期', '课程'], df, 10)).toEqual(['分期']);
    expect(lookupTerms(['期'], df, 10)).toEqual(['期']);
    expect(lookupTerms(['火星'], new Map([['火', 3]]))).toEqual([]);
  });
});
