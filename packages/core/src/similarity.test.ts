import { describe, expect, it } from 'vitest';
import { closestMatch, editDistance, similarity } from './similarity';

describe('closest match by edit-distance similarity', () => {
  it.each([
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
    ['跟进人', '跟进人员', 1],
    ['手机号', '手机号码', 1],
    ['same', 'same', 0],
  ])('distance %s / %s = %s', (a, b, d) => expect(editDistance(a, b)).toBe(d));

  it.each([
    ['手机', ['姓名', '手机号', '公司名称'], '手机号'],
    ['公司', ['姓名', '手机号', '公司名称'], '公司名称'],
    ['跟进状态', ['跟进人', '跟进状态', '状态'], '跟进状态'],
    ['xyz', ['abc', 'xya'], 'xya'],
  ])('%s in %o → %s', (text, candidates, best) => expect(closestMatch(text, candidates)?.value).toBe(best));

  it('no candidates → null', () => expect(closestMatch('a', [])).toBeNull());
  it('similarity is 1 − distance / longer length', () => expect(similarity('abcd', 'abce')).toBe(0.75));
});
