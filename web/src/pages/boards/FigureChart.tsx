import type { ChartType, Figure } from '@crm/core/contract/boards';
import { Empty, Table } from 'antd';
import { useMemo } from 'react';
import {
  barOption,
  type ChartClick,
  EChart,
  formatValue,
  funnelOption,
  lineOption,
  pieOption,
  type ValueKind,
} from '../../components/charts';

const KIND: Record<Figure['unit'], ValueKind> = { count: 'count', fen: 'money', seconds: 'duration', score: 'count' };

/** One figure of a custom board in its chart (or as a table); a click on a point gives the point. */
export function FigureChart({
  figure,
  chart,
  title,
  onPoint,
  testId,
}: {
  figure: Figure;
  chart: ChartType;
  title: string;
  onPoint?: (p: Figure['points'][number]) => void;
  testId?: string;
}) {
  const kind = KIND[figure.unit];
  const option = useMemo(() => {
    const items = figure.points.map((p) => ({ name: p.label, value: p.value }));
    const series = [{ name: title, data: figure.points.map((p) => p.value) }];
    const labels = figure.points.map((p) => p.label);
    if (chart === 'line')
      return lineOption(
        labels.map((l) => l.slice(5)),
        series,
        kind,
      );
    if (chart === 'bar') return barOption(labels, series, kind, labels.length > 6);
    if (chart === 'funnel') return funnelOption(items, kind);
    return pieOption(
      items.filter((i) => i.value > 0),
      kind,
    );
  }, [figure, chart, title, kind]);
  if (!figure.points.some((p) => p.value)) return <Empty description="暂无数据" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  if (chart === 'table')
    return (
      <Table
        size="small"
        rowKey="label"
        pagination={false}
        scroll={{ y: 220 }}
        dataSource={figure.points}
        onRow={(p) => ({ onClick: () => onPoint?.(p), style: onPoint ? { cursor: 'pointer' } : undefined })}
        columns={[
          { title: '项目', dataIndex: 'label' },
          { title: '数值', dataIndex: 'value', align: 'right', render: (v: number) => formatValue(v, kind) },
        ]}
        data-testid={testId}
      />
    );
  const click = (c: ChartClick) => {
    // a horizontal bar chart lists its categories bottom up
    const horizontal = chart === 'bar' && figure.points.length > 6;
    const i = horizontal ? figure.points.length - 1 - c.dataIndex : c.dataIndex;
    const point = chart === 'pie' ? figure.points.find((p) => p.label === c.name) : figure.points[i];
    if (point) onPoint?.(point);
  };
  return <EChart option={option} onClick={onPoint ? click : undefined} testId={testId} style={{ height: 260 }} />;
}
