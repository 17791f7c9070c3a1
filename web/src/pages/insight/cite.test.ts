import { describe, expect, it } from 'vitest';
import { citeHref, citeLabel, clock } from '../../features/insight/cite';
import { barOption, trendOption } from './insightCharts';

describe('citations', () => {
  it('open the call detail at the sentence', () => {
    expect(citeHref({ recordingId: 12, segment: 3, startMs: 15000 })).toBe('/callDetail?id=12&seg=3&t=15000');
  });
  it('are labelled by the call’s time and the sentence’s time in the call', () => {
    expect(clock(65_400)).toBe('01:05');
    expect(citeLabel({ callTime: '2026-11-24 15:58:41', startMs: 25_000 })).toBe('11-24 15:58 · 00:25');
    expect(citeLabel({ callTime: null, startMs: 0 })).toBe('通话 · 00:00');
  });
});

describe('insight charts', () => {
  const item = (label: string, count: number, trend: number[]) => ({ label, count, trend, examples: [] });
  it('bars put the most mentioned at the top', () => {
    const o = barOption([item('价格太高', 5, []), item('没有时间', 2, [])], '#000') as any;
    expect(o.yAxis.data).toEqual(['没有时间', '价格太高']);
    expect(o.series[0].data).toEqual([2, 5]);
  });
  it('trend lines: one per top item, days without the year', () => {
    const o = trendOption(['2026-11-26', '2026-11-27'], [item('a', 1, [0, 1]), item('b', 1, [1, 0])], 1) as any;
    expect(o.xAxis.data).toEqual(['11-26', '11-27']);
    expect(o.series).toEqual([expect.objectContaining({ name: 'a', data: [0, 1] })]);
  });
});
