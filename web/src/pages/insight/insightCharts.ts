import type { CallAnswer, contract } from '@crm/core/contract';
import type { ChartOption } from '../../components/charts';

export type Insights = CallAnswer<typeof contract.insight.insights>;
export type InsightItem = Insights['needs'][number];
export const INSIGHT_SECTIONS = [
  { key: 'needs', title: '客户需求', color: '#1677ff' },
  { key: 'objections', title: '客户异议', color: '#fa541c' },
  { key: 'competitors', title: '提及竞品', color: '#722ed1' },
  { key: 'questions', title: '客户问题', color: '#13c2c2' },
] as const;

const shortDay = (d: string) => d.slice(5);

/** Top items as horizontal bars (most at the top). */
export function barOption(items: InsightItem[], color: string): ChartOption {
  const rows = [...items].reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: rows.map((r) => r.label), axisLabel: { width: 120, overflow: 'truncate' } },
    series: [{ type: 'bar', data: rows.map((r) => r.count), itemStyle: { color }, barMaxWidth: 18 }],
  };
}

/** Mentions per day, one line per item (the top few). */
export function trendOption(days: string[], items: InsightItem[], max = 5): ChartOption {
  const top = items.slice(0, max);
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: top.map((i) => i.label), bottom: 0, type: 'scroll' },
    grid: { left: 36, right: 16, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: days.map(shortDay) },
    yAxis: { type: 'value', minInterval: 1 },
    series: top.map((i) => ({ name: i.label, type: 'line', showSymbol: days.length <= 31, data: i.trend })),
  };
}

/** Calls analysed per day. */
export function callsOption(days: string[], counts: number[], name = '通话数'): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 36, right: 16, top: 16, bottom: 24 },
    xAxis: { type: 'category', data: days.map(shortDay) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name, type: 'line', showSymbol: days.length <= 31, areaStyle: { opacity: 0.15 }, data: counts }],
  };
}
