import type { AnalysisView } from '@crm/core/contract/analysis';
import { describe, expect, it } from 'vitest';
import { AI_BANNER_COOKIE, AI_BUTTON_COOKIE, bannerDecision, parseCookies } from '../../features/analysis/aiBanner';
import { correctionBody, formOf } from '../../features/analysis/correction';
import { evidenceIndex } from '../../features/analysis/evidence';
import { analysing, batchPercent, clock, dash, percent, splitMatch, statusColor } from '../../features/analysis/format';
import { analysisFilterBody, moreFilterCount } from './filters';

const NOW = new Date('2025-06-18T10:00:00+08:00');

describe('analysisFilterBody', () => {
  it('leaves out empty parts and trims the texts', () => {
    expect(
      analysisFilterBody({ intention: [], keyword: '  价格 ', violationRule: ' ', callTags: [4, 8], risk: 1 }),
    ).toEqual({ keyword: '价格', callTags: [4, 8], risk: 1 });
  });
  it('resolves a date preset to the day range when applied', () => {
    expect(analysisFilterBody({ callDate: '今天' }, NOW)).toEqual({
      startTime: '2025-06-18 00:00:00',
      endTime: '2025-06-18 23:59:59',
    });
    expect(analysisFilterBody({ callDate: '2025-06-01至2025-06-03' }, NOW)).toEqual({
      startTime: '2025-06-01 00:00:00',
      endTime: '2025-06-03 23:59:59',
    });
  });
  it('sends a duration level, or the custom bounds as typed (the server strips a unit)', () => {
    expect(analysisFilterBody({ duration: { option: 1, level: 0 } })).toEqual({});
    expect(analysisFilterBody({ duration: { option: 1, level: 4 } })).toEqual({ durationLevel: 4 });
    expect(analysisFilterBody({ duration: { option: 2, min: '30秒', max: '' } })).toEqual({ durationMin: '30秒' });
  });
  it('keeps churn risk 0 (a bound, not "empty")', () => {
    expect(analysisFilterBody({ churnRiskMin: 0 })).toEqual({ churnRiskMin: 0 });
    expect(analysisFilterBody({ churnRiskMin: null })).toEqual({});
  });
  it('counts the expanded filters once each (duration bounds count as one)', () => {
    expect(
      moreFilterCount({
        intention: [1],
        keyword: 'x',
        callDate: '今天',
        aiLabels: [1],
        duration: { option: 2, min: '1', max: '9' },
      }),
    ).toBe(2);
  });
});

describe('format', () => {
  it.each([
    [0, '00:00'],
    [75_300, '01:15'],
    [3_723_000, '1:02:03'],
  ])('clock(%d) = %s', (ms, text) => expect(clock(ms)).toBe(text));
  it('dashes nothing', () => {
    expect(dash(null)).toBe('-');
    expect(dash('')).toBe('-');
    expect(dash([])).toBe('-');
    expect(dash(0)).toBe('0');
    expect(percent(null)).toBe('-');
    expect(percent(0.634)).toBe('63%');
  });
  it('marks the matched words, or nothing when they are not in the sentence', () => {
    expect(splitMatch('我们保证收益百分之十', '保证收益')).toEqual(['我们', '保证收益', '百分之十']);
    expect(splitMatch('您好', '保证')).toEqual(['您好', '', '']);
    expect(splitMatch('您好', undefined)).toEqual(['您好', '', '']);
  });
  it('colours and polls by status; a call paused for the balance is not polled fast', () => {
    expect(statusColor(3)).toBe('success');
    expect(statusColor(4)).toBe('error');
    expect(statusColor(1, true)).toBe('warning');
    expect(analysing(1)).toBe(true);
    expect(analysing(2)).toBe(true);
    expect(analysing(1, true)).toBe(false);
    expect(analysing(3)).toBe(false);
  });
  it('tells the share of a re-analysis batch settled', () => {
    expect(batchPercent({ total: 4, done: 1, failed: 1, state: 1 })).toBe(50);
    expect(batchPercent({ total: 0, done: 0, failed: 0, state: 1 })).toBe(100);
    expect(batchPercent({ total: 3, done: 1, failed: 0, state: 2 })).toBe(100);
  });
});

describe('evidenceIndex', () => {
  const segs = [
    { startMs: 0, endMs: 2000 },
    { startMs: 2400, endMs: 4200 },
    { startMs: 4800, endMs: 6000 },
  ];
  it('takes the segment index when that line starts where the evidence does', () =>
    expect(evidenceIndex(segs, { segment: 1, startMs: 2400 })).toBe(1));
  it('finds the line by time when the index no longer fits', () => {
    expect(evidenceIndex(segs, { segment: 0, startMs: 5000 })).toBe(2);
    expect(evidenceIndex(segs, { segment: 9, startMs: 4300 })).toBe(2);
    expect(evidenceIndex(segs, { segment: 9, startMs: 9000 })).toBe(-1);
  });
});

describe('correctionBody', () => {
  const view = (over: Partial<AnalysisView>): AnalysisView => ({
    conversation: true,
    intention: 2,
    intentionName: '一般意向',
    intentionDegree: 50,
    intentionEvidence: [],
    callTags: [],
    aiLabels: [{ value: 2, name: '有兴趣' }],
    customTags: [],
    churnRisk: 10,
    churnEvidence: [],
    potentialComplaint: false,
    risk: false,
    violations: [],
    flags: 0,
    flagNames: [],
    keywords: [],
    fields: [{ key: 'budget', name: '预算', value: '5万', evidence: [] }],
    summary: '客户有兴趣',
    decisions: [],
    speakersSwapped: false,
    ...over,
  });
  const machine = view({});
  it('a value equal to the machine clears that correction; others are the correction', () => {
    const form = { ...formOf(machine), intention: 1, fields: { budget: '5万' } };
    expect(correctionBody(form, machine)).toEqual({
      intention: 1,
      callTags: null,
      aiLabels: null,
      customTagIds: null,
      summary: null,
      fields: null,
      complaint: null,
      violations: null,
    });
  });
  it('complaint and the violations kept: sent only when they differ from the machine', () => {
    const hit = { rule: '承诺收益', kind: 'word', text: '保证收益', segment: 2, startMs: 0, speaker: 'agent' as const };
    const m = view({ violations: [hit, { ...hit, segment: 3 }] });
    expect(formOf(m).violations).toEqual(['承诺收益']);
    expect(correctionBody({ ...formOf(m), complaint: true, violations: [] }, m)).toMatchObject({
      complaint: true,
      violations: [],
    });
    expect(correctionBody(formOf(m), m)).toMatchObject({ complaint: null, violations: null });
  });
  it('sends only the AI fields that differ, and compares tag sets regardless of order', () => {
    const m = view({
      aiLabels: [
        { value: 1, name: '高意向' },
        { value: 2, name: '有兴趣' },
      ],
    });
    const form = { ...formOf(m), aiLabels: [2, 1], summary: ' 新小结 ', fields: { budget: '10万', next: '' } };
    expect(correctionBody(form, m)).toMatchObject({ aiLabels: null, summary: '新小结', fields: { budget: '10万' } });
  });
});

describe('AI banner cookies', () => {
  it('shows nothing and touches no cookie when AI is open', () =>
    expect(bannerDecision('打标签', true, {})).toEqual({ visible: false, clearAiButton: false, closeCookie: null }));
  it('打标签 and 写跟进 hide when aiButton is set', () => {
    expect(bannerDecision('写跟进', false, { [AI_BUTTON_COOKIE]: '1' }).visible).toBe(false);
    expect(bannerDecision('打标签', false, {})).toEqual({
      visible: true,
      clearAiButton: false,
      closeCookie: AI_BUTTON_COOKIE,
    });
  });
  it('another label deletes aiButton and follows AiBanner', () => {
    expect(bannerDecision(undefined, false, { [AI_BUTTON_COOKIE]: '1' })).toEqual({
      visible: true,
      clearAiButton: true,
      closeCookie: AI_BANNER_COOKIE,
    });
    expect(bannerDecision('通话分析', false, { [AI_BANNER_COOKIE]: '1' }).visible).toBe(false);
  });
  it('reads document.cookie', () =>
    expect(parseCookies('a=1; AiBanner=%E5%85%B3; x')).toEqual({ a: '1', AiBanner: '关' }));
});
