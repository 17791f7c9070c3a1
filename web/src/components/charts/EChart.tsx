import type { EChartsCoreOption } from 'echarts/core';
import { type CSSProperties, lazy, Suspense } from 'react';

export type ChartOption = EChartsCoreOption;

export interface ChartClick {
  dataIndex: number;
  seriesIndex?: number;
  seriesName?: string;
  name: string;
}

export interface EChartProps {
  option: ChartOption;
  style?: CSSProperties;
  testId?: string;
  onClick?: (p: ChartClick) => void;
}

// ECharts (about 190 KB gzipped) is a chunk of its own, fetched when the first chart is drawn: a page's figures and
// tables render without waiting for it, and pages that only format figures (formatValue) never load it.
const EChartCanvas = lazy(() => import('./EChartCanvas'));

/** A chart: its box at once, the drawing when ECharts has loaded (EChartCanvas). */
export function EChart(props: EChartProps) {
  const box: CSSProperties = { width: '100%', height: 240, ...props.style };
  return (
    <Suspense fallback={<div style={box} aria-busy="true" />}>
      <EChartCanvas {...props} />
    </Suspense>
  );
}
