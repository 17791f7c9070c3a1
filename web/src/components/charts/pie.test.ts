import { PieChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { describe, expect, it } from 'vitest';
import { pieOption } from './options';

echarts.use([PieChart, LegendComponent, TooltipComponent, SVGRenderer]);

/** The pie drawn server-side as SVG at a card's size: the texts as drawn (wrapped lines joined), legend included. */
function labels(option: ReturnType<typeof pieOption>, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  chart.setOption({ ...option, legend: { show: false }, animation: false });
  const svg = chart.renderToSVGString();
  chart.dispose();
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join('');
}

const statuses = [
  { name: '未跟进', value: 42.4 },
  { name: '跟进中', value: 20 },
  { name: '有意向', value: 15 },
  { name: '已成交', value: 12.6 },
  { name: '无效', value: 10 },
];
const sources = [
  { name: '线上推广-百度竞价', value: 30 },
  { name: '老客户转介绍', value: 25 },
  { name: '展会地推名单', value: 20 },
  { name: '企业微信客户', value: 15 },
  { name: '其他渠道导入', value: 10 },
];

describe('pie labels', () => {
  it.each([
    [360, 240],
    [480, 260],
    [300, 240],
  ])('are drawn whole at %i × %i (wrapped, not cut with …)', (w, h) => {
    for (const items of [statuses, sources]) {
      const svg = labels(pieOption(items), w, h);
      expect(svg).not.toContain('…');
      expect(svg).not.toContain('...');
      for (const i of items) expect(svg).toContain(i.name);
    }
  });
  it('reads percentages with one decimal', () => {
    expect(labels(pieOption(statuses), 480, 260)).toContain('42.4%');
  });
});
