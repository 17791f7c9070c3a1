import { describe, expect, it } from 'vitest';
import { type Candidate, matches, pickMember } from './picker';

const member = (userId: number, weight: number, extra: Partial<Candidate> = {}): Candidate => ({
  userId,
  weight,
  dailyCap: 0,
  total: 0,
  today: 0,
  available: true,
  ...extra,
});

function run(members: Candidate[], n: number, weighted: boolean) {
  for (let i = 0; i < n; i++) {
    const m = pickMember(members, weighted);
    if (!m) break;
    m.total++;
    m.today++;
  }
  return members.map((m) => m.total);
}

describe('pickMember', () => {
  it('round robin takes turns in member order', () => {
    const ms = [member(1, 1), member(2, 5), member(3, 1)];
    const order: number[] = [];
    for (let i = 0; i < 6; i++) {
      const m = pickMember(ms, false)!;
      m.total++;
      order.push(m.userId);
    }
    expect(order).toEqual([1, 2, 3, 1, 2, 3]);
  });

  it('weighted shares over 10,000 leads deviate under 1% from the weights', () => {
    const weights = [5, 3, 2, 7, 1];
    const got = run(
      weights.map((w, i) => member(i + 1, w)),
      10_000,
      true,
    );
    const sum = weights.reduce((a, b) => a + b, 0);
    for (const [i, w] of weights.entries()) {
      const expected = (10_000 * w) / sum;
      expect(Math.abs(got[i] - expected) / expected).toBeLessThan(0.01);
    }
  });

  it('skips members at their daily cap or off work, and answers null when nobody can receive', () => {
    const ms = [member(1, 1, { dailyCap: 2 }), member(2, 1, { available: false }), member(3, 1, { dailyCap: 1 })];
    expect(run(ms, 10, false)).toEqual([2, 0, 1]);
    expect(pickMember(ms, false)).toBeNull();
  });
});

describe('matches', () => {
  const lead = { importWay: 1, channelSourceId: 5, provinceCode: '44', cityCode: '4403', custom: { level: 'A' } };
  const none = { channelSourceIds: [], importWays: [], areaCodes: [], customConditions: [] };
  it('empty conditions take every lead; each list given must hold the lead', () => {
    expect(matches(none, lead)).toBe(true);
    expect(matches({ ...none, importWays: [1, 14] }, lead)).toBe(true);
    expect(matches({ ...none, importWays: [8] }, lead)).toBe(false);
    expect(matches({ ...none, channelSourceIds: [6] }, lead)).toBe(false);
    expect(matches({ ...none, areaCodes: ['4403'] }, lead)).toBe(true);
    expect(matches({ ...none, areaCodes: ['11'] }, lead)).toBe(false);
    expect(matches({ ...none, customConditions: [{ fieldName: 'level', values: ['A', 'B'] }] }, lead)).toBe(true);
    expect(matches({ ...none, customConditions: [{ fieldName: 'level', values: ['C'] }] }, lead)).toBe(false);
  });
});
