// The practice scorer's negation guard: a point's words said to waive the step do not earn the point.
import { describe, expect, it } from 'vitest';
import { negationOf } from './scoring';

describe('negationOf', () => {
  it('matches a waived step in the same clause only', () => {
    const re = new RegExp(negationOf(['健康告知', '如实'])!);
    expect(re.test('这种小问题不用写在健康告知里，直接投就行')).toBe(true);
    expect(re.test('这个必须如实告知，不能隐瞒')).toBe(false);
    expect(re.test('不用担心，健康告知我陪您一项项填')).toBe(false);
    expect(negationOf(['a', ' '])).toBeNull();
  });
});
