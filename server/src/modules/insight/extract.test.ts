import type { Transcript } from '@crm/core';
import { describe, expect, it } from 'vitest';
import { analyse, DEFAULT_RULES } from '../../lib/analyser';
import { transcriptOf } from '../../test/analysis';
import { dueDay, extractMentions } from './extract';
import { FIRST_CALL, SECOND_CALL, THIRD_CALL } from './testCalls';

const mentionsOf = (lines: typeof FIRST_CALL, at = new Date('2026-11-25T02:00:00Z')) => {
  const t: Transcript = JSON.parse(transcriptOf(lines));
  return extractMentions(analyse(t, DEFAULT_RULES), t.segments, at);
};

describe('mentions of a call', () => {
  it('reads needs, budget, decision maker, objections with the answer, competitor and promises, citing sentences', () => {
    const m = mentionsOf(FIRST_CALL);
    const of = (kind: string) => m.filter((x) => x.kind === kind);
    expect(of('need')[0]).toMatchObject({ label: '给孩子报个编程课', segment: 1, speaker: 'customer', startMs: 5000 });
    expect(of('budget')[0].label).toContain('五千');
    expect(of('decisionMaker')[0].label).toBe('老婆');
    expect(of('competitor')[0].label).toBe('编程猫');
    const objection = of('objection')[0];
    expect(objection).toMatchObject({ label: '价格太高', segment: 5 });
    expect(objection.answer).toBe('我们是小班教学，老师都是专业的，这周报名还能打八折');
    const promise = of('promise').find((p) => p.speaker === 'agent');
    expect(promise).toMatchObject({ segment: 8, dueOn: '2026-11-26' });
  });

  it('reads questions and the next step of the later calls', () => {
    const second = mentionsOf(SECOND_CALL);
    expect(second.filter((x) => x.kind === 'question').map((x) => x.label)).toEqual(['效果保障']);
    expect(second.some((x) => x.kind === 'nextStep')).toBe(true);
    const third = mentionsOf(THIRD_CALL);
    expect(third.find((x) => x.kind === 'promise' && x.speaker === 'customer')?.dueOn).toBe('2026-11-25');
    expect(third.find((x) => x.kind === 'promise' && x.speaker === 'agent')).toMatchObject({
      segment: 3,
      dueOn: '2026-11-25',
    });
  });

  it('dates a promise from the call day in Shanghai', () => {
    const wed = new Date('2026-11-25T02:00:00Z'); // Wednesday 10:00 in Shanghai
    expect(dueDay('我明天给您发', wed)).toBe('2026-11-26');
    expect(dueDay('后天过来', wed)).toBe('2026-11-27');
    expect(dueDay('周六上午过来', wed)).toBe('2026-11-28');
    expect(dueDay('周一再说', wed)).toBe('2026-11-30');
    expect(dueDay('下周三签合同', wed)).toBe('2026-12-02');
    expect(dueDay('5号付款', wed)).toBe('2026-12-05');
    expect(dueDay('28号付款', wed)).toBe('2026-11-28');
    expect(dueDay('回头再联系', wed)).toBeNull();
    // 23:30 UTC is already the next day in Shanghai
    expect(dueDay('今天就报名', new Date('2026-11-25T23:30:00Z'))).toBe('2026-11-26');
  });
});
