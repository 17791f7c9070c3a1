import { describe, expect, it } from 'vitest';
import { deductionSubject } from './deduction';

describe('deductionSubject', () => {
  it.each([
    [{ item: '缺失：开场白与自我介绍', reason: '开场白与自我介绍' }, '缺失：开场白与自我介绍'],
    [{ item: 'SOP环节缺失', reason: '报价、异议处理' }, 'SOP环节缺失：报价、异议处理'],
    [{ item: '禁用词', reason: '' }, '禁用词'],
    [{ item: '辱骂客户', reason: '辱骂客户' }, '辱骂客户'],
  ])('%o → %s', (d, text) => expect(deductionSubject(d)).toBe(text));
});
