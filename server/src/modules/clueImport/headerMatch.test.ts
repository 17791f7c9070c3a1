import { describe, expect, it } from 'vitest';
import { bareLabel, matchHeaders } from './headerMatch';

const fields = [
  { fieldName: 'name', fieldLabel: '客户名称' },
  { fieldName: 'phone', fieldLabel: '手机号' },
  { fieldName: 'company', fieldLabel: '公司名称' },
  { fieldName: 'cf_budget', fieldLabel: '预算' },
  { fieldName: 'cf_area', fieldLabel: '面积（平方米）' },
  { fieldName: 'cf_course', fieldLabel: '意向课程' },
];

describe('import headers to fields', () => {
  it.each([
    ['预算（元）', '预算'],
    ['预算(万元)', '预算'],
    ['预算【元】', '预算'],
    ['预算/元', '预算'],
    ['预算 单位：元', '预算'],
    ['*预算：', '预算'],
    ['面积（平方米）', '面积'],
  ])('bareLabel(%s) = %s', (h, bare) => expect(bareLabel(h)).toBe(bare));

  it('maps by exact label, then label without units or brackets, then the closest label, and says which', () => {
    const r = matchHeaders(['*手机号', '预算（元）', '面积', '意向的课程', '客户名称', '随便什么'], fields);
    expect(r.mapping).toEqual({ '0': 'phone', '1': 'cf_budget', '2': 'cf_area', '3': 'cf_course', '4': 'name' });
    expect(r.matchKind).toEqual({ '0': 1, '1': 2, '2': 2, '3': 3, '4': 1 });
  });

  it('a header exactly a custom label wins over a closer-scoring standard one; a field goes to one column', () => {
    const r = matchHeaders(['预算（元）', '预算'], [{ fieldName: 'cf_b', fieldLabel: '预算（元）' }]);
    expect(r.mapping).toEqual({ '0': 'cf_b' });
    expect(r.matchKind).toEqual({ '0': 1 });
  });
});
