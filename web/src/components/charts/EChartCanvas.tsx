import { BarChart, FunnelChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { EChartProps } from './EChart';
import { RESIZE_THROTTLE_MS, throttle } from './throttle';

echarts.use([
  LineChart,
  BarChart,
  FunnelChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  CanvasRenderer,
]);

/** The user asked the system for less motion: charts are drawn at once, not grown. */
const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * A small ECharts holder: one chart per element, the option replaced on change, resized with its box (throttled to
 * 200 ms, spec G3), drawn without animation for users who prefer reduced motion. A click on a bar, point or slice reaches `onClick` (the click-through to the list behind it).
 */
export default function EChartCanvas({ option, style, testId, onClick }: EChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!ref.current) return;
    const c = echarts.init(ref.current);
    chart.current = c;
    const resize = throttle(() => c.resize(), RESIZE_THROTTLE_MS);
    const observer = new ResizeObserver(resize);
    observer.observe(ref.current);
    window.addEventListener('resize', resize);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', resize);
      resize.cancel();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(reducedMotion() ? { ...option, animation: false } : option, true);
  }, [option]);
  useEffect(() => {
    const c = chart.current;
    if (!c || !onClick) return;
    c.on('click', onClick as never);
    return () => {
      c.off('click');
    };
  }, [onClick]);
  return (
    <div
      ref={ref}
      style={{ width: '100%', height: 240, cursor: onClick ? 'pointer' : undefined, ...style }}
      data-testid={testId}
    />
  );
}
