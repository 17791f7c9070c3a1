import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type CSSProperties, useEffect, useRef } from 'react';

echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

/** A small ECharts holder: one chart per element, the option replaced on change, resized with its box. */
export function EChart({
  option,
  style,
  testId,
  onClick,
}: {
  option: ChartOption;
  style?: CSSProperties;
  testId?: string;
  onClick?: (p: { dataIndex: number; seriesIndex?: number; name: string }) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!ref.current) return;
    const c = echarts.init(ref.current);
    chart.current = c;
    const observer = new ResizeObserver(() => c.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);
  useEffect(() => {
    const c = chart.current;
    if (!c || !onClick) return;
    c.on('click', onClick as never);
    return () => {
      c.off('click');
    };
  }, [onClick]);
  return <div ref={ref} style={{ width: '100%', height: 240, ...style }} data-testid={testId} />;
}
