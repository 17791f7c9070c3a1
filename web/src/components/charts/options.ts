import type { ChartOption } from './EChart';
import { axisValue, formatValue, type ValueKind } from './format';

/**
 * The chart shapes of the statistics screens (issue 17): lines for trends, bars for rankings, funnels for stages,
 * pies only for shares. Each takes plain figures and how they read (ValueKind).
 */

export interface Series {
  name: string;
  data: number[];
}
export interface NamedValue {
  name: string;
  value: number;
}

const tooltipOf = (kind: ValueKind) => ({
  valueFormatter: (v: unknown) => formatValue(typeof v === 'number' ? v : Number(v), kind),
});
const valueAxis = (kind: ValueKind) => ({
  type: 'value' as const,
  minInterval: kind === 'count' ? 1 : undefined,
  axisLabel: { formatter: (v: number) => axisValue(v, kind) },
});
const legendOf = (series: { name: string }[]) =>
  series.length > 1 ? { data: series.map((s) => s.name), bottom: 0, type: 'scroll' as const } : undefined;

/** A trend: one line per series over the categories (days, weeks…). */
export function lineOption(categories: string[], series: Series[], kind: ValueKind = 'count'): ChartOption {
  return {
    tooltip: { trigger: 'axis', ...tooltipOf(kind) },
    legend: legendOf(series),
    grid: { left: 8, right: 16, top: 16, bottom: series.length > 1 ? 40 : 8, containLabel: true },
    xAxis: { type: 'category', data: categories, boundaryGap: false },
    yAxis: valueAxis(kind),
    series: series.map((s) => ({
      name: s.name,
      type: 'line',
      showSymbol: categories.length <= 31,
      areaStyle: series.length === 1 ? { opacity: 0.12 } : undefined,
      data: s.data,
    })),
  };
}

/** A ranking: bars per category; horizontal puts the first category on top (the usual 排行). */
export function barOption(
  categories: string[],
  series: Series[],
  kind: ValueKind = 'count',
  horizontal = false,
): ChartOption {
  const cats = horizontal ? [...categories].reverse() : categories;
  const data = (s: Series) => (horizontal ? [...s.data].reverse() : s.data);
  const catAxis = { type: 'category' as const, data: cats, axisLabel: { width: 96, overflow: 'truncate' as const } };
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, ...tooltipOf(kind) },
    legend: legendOf(series),
    grid: { left: 8, right: 24, top: 16, bottom: series.length > 1 ? 40 : 8, containLabel: true },
    xAxis: horizontal ? valueAxis(kind) : catAxis,
    yAxis: horizontal ? catAxis : valueAxis(kind),
    series: series.map((s) => ({ name: s.name, type: 'bar', barMaxWidth: 24, data: data(s) })),
  };
}

/** Stages: a funnel, the largest widest (each label names its stage and count). */
export function funnelOption(items: NamedValue[], kind: ValueKind = 'count'): ChartOption {
  return {
    tooltip: { trigger: 'item', ...tooltipOf(kind) },
    series: [
      {
        type: 'funnel',
        sort: 'descending',
        left: '10%',
        width: '80%',
        minSize: '8%',
        label: { formatter: (p: { name: string; value: number }) => `${p.name} ${formatValue(p.value, kind)}` },
        data: items,
      },
    ],
  };
}

/**
 * Shares of a whole: a ring with each slice's name and percent (one decimal) outside it. The label is two short lines
 * that wrap rather than end in "…" where the card is narrow (issue 26: 未跟进 42.4… was cut), and the ring leaves room
 * for them.
 */
export function pieOption(items: NamedValue[], kind: ValueKind = 'count'): ChartOption {
  return {
    tooltip: { trigger: 'item', ...tooltipOf(kind) },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        radius: ['30%', '52%'],
        center: ['50%', '45%'],
        percentPrecision: 1,
        avoidLabelOverlap: true,
        label: { formatter: '{b}\n{d}%', overflow: 'breakAll', lineHeight: 15, minMargin: 2 },
        labelLine: { length: 8, length2: 6 },
        data: items.filter((i) => i.value > 0),
      },
    ],
  };
}
