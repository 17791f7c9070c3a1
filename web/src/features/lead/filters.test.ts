import { describe, expect, it } from 'vitest';
import { filterBody, filterCount } from './filters';

describe('filterBody', () => {
  it('leaves out empty parts and trims the keyword', () => {
    expect(filterBody({ keyword: '  张三 ', ownerIds: [], tagIds: [3], createTime: undefined, lockStatus: 0 })).toEqual(
      {
        keyword: '张三',
        tagIds: [3],
        lockStatus: 0,
      },
    );
  });

  it('sends a duration level, a custom range, or nothing for 不限', () => {
    expect(filterBody({ duration: { option: 1, level: 0 } })).toEqual({});
    expect(filterBody({ duration: { option: 1, level: 4 } })).toEqual({ duration: { option: 1, level: 4 } });
    expect(filterBody({ duration: { option: 2, min: '30秒', max: '' } })).toEqual({
      duration: { option: 2, min: '30秒', max: null },
    });
  });

  it('turns custom field filters into customFilters, without empty ones', () => {
    expect(filterBody({ custom: { cf_1: ['1'], cf_2: [null, null], cf_3: '', cf_4: [10, null] } })).toEqual({
      customFilters: [
        { fieldName: 'cf_1', value: ['1'] },
        { fieldName: 'cf_4', value: [10, null] },
      ],
    });
  });

  it('counts the filters set, not the sort', () => {
    expect(filterCount({ keyword: 'a', sortField: 'createdAt', sortOrder: 'asc', custom: { cf_1: ['1'] } })).toBe(2);
  });
});
