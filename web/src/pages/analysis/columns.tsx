import { ANALYSIS_PAUSED_REASON, type CallAnalysisRow } from '@crm/core/contract/analysis';
import { CALL_ANALYSIS_COLUMNS, type CallAnalysisColumn } from '@crm/core/contract/clueField';
import { Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { churnColor, dash, INTENTION_COLOR, statusColor } from '../../features/analysis/format';

/** A column the user may choose for the call-analysis list: its key (titled in CALL_ANALYSIS_COLUMNS) and cell. */
export interface AnalysisColumn {
  key: CallAnalysisColumn;
  width: number;
  render: (row: CallAnalysisRow) => React.ReactNode;
}

const tags = (names: string[], color?: string) =>
  names.length ? (
    <Space size={[2, 2]} wrap>
      {names.map((n) => (
        <Tag key={n} color={color} style={{ marginInlineEnd: 0 }}>
          {n}
        </Tag>
      ))}
    </Space>
  ) : (
    '-'
  );

/** Every column of the list, in the default order. */
export const ANALYSIS_COLUMNS: AnalysisColumn[] = [
  { key: 'callTime', width: 160, render: (r) => dash(r.callTime) },
  { key: 'durationText', width: 90, render: (r) => r.durationText },
  { key: 'ownerName', width: 100, render: (r) => dash(r.ownerName) },
  { key: 'deptName', width: 110, render: (r) => dash(r.deptName) },
  { key: 'phone', width: 120, render: (r) => dash(r.phone) },
  { key: 'clueName', width: 110, render: (r) => dash(r.clueName) },
  {
    key: 'analysisStatus',
    width: 100,
    render: (r) => (
      <Tooltip title={r.paused ? ANALYSIS_PAUSED_REASON : undefined}>
        <Tag color={statusColor(r.analysisStatus, r.paused)} data-testid="analysis-status">
          {r.paused ? '余额不足暂停' : r.analysisStatusName}
        </Tag>
      </Tooltip>
    ),
  },
  {
    key: 'intention',
    width: 110,
    render: (r) =>
      r.intentionName ? (
        <Space size={4}>
          <Tag color={INTENTION_COLOR[r.intention ?? 0]}>{r.intentionName}</Tag>
          {r.corrected && (
            <Tooltip title="含人工修正">
              <Typography.Text type="secondary">修</Typography.Text>
            </Tooltip>
          )}
        </Space>
      ) : (
        '-'
      ),
  },
  { key: 'intentionDegree', width: 80, render: (r) => dash(r.intentionDegree) },
  {
    key: 'aiLabels',
    width: 160,
    render: (r) =>
      tags(
        r.aiLabels.map((l) => l.name),
        'blue',
      ),
  },
  {
    key: 'callTags',
    width: 160,
    render: (r) =>
      tags(
        r.callTags.map((t) => t.name),
        'geekblue',
      ),
  },
  {
    key: 'customTags',
    width: 160,
    render: (r) =>
      tags(
        r.customTags.map((t) => t.name),
        'cyan',
      ),
  },
  {
    key: 'churnRisk',
    width: 90,
    render: (r) =>
      r.churnRisk === null ? (
        '-'
      ) : (
        <span style={{ color: churnColor(r.churnRisk), fontWeight: 600 }}>{r.churnRisk}</span>
      ),
  },
  { key: 'riskName', width: 70, render: (r) => dash(r.riskName) },
  {
    key: 'violationCount',
    width: 70,
    render: (r) => (r.violationCount ? <Tag color="red">{r.violationCount} 处</Tag> : r.analysedAt ? '无' : '-'),
  },
  { key: 'flagNames', width: 140, render: (r) => tags(r.flagNames, 'volcano') },
  {
    key: 'keywords',
    width: 180,
    render: (r) => (
      <Typography.Text ellipsis={{ tooltip: r.keywords.join('、') }} style={{ maxWidth: 170 }}>
        {dash(r.keywords.join('、'))}
      </Typography.Text>
    ),
  },
  {
    key: 'summary',
    width: 240,
    render: (r) => (
      <Typography.Text ellipsis={{ tooltip: r.summary }} style={{ maxWidth: 230 }}>
        {dash(r.summary)}
      </Typography.Text>
    ),
  },
  { key: 'sourceName', width: 90, render: (r) => r.sourceName },
  { key: 'callTypeName', width: 84, render: (r) => r.callTypeName },
  { key: 'commentCount', width: 64, render: (r) => r.commentCount || '-' },
  { key: 'analysedAt', width: 160, render: (r) => dash(r.analysedAt) },
  {
    key: 'fileName',
    width: 180,
    render: (r) => (
      <Typography.Text ellipsis={{ tooltip: r.fileName }} style={{ maxWidth: 170 }}>
        {r.fileName}
      </Typography.Text>
    ),
  },
];

/** The antd columns of the chosen keys, in their order (unknown keys skipped). */
export function tableColumns(keys: string[]): ColumnType<CallAnalysisRow>[] {
  const byKey = new Map<string, AnalysisColumn>(ANALYSIS_COLUMNS.map((c) => [c.key, c]));
  return keys
    .map((k) => byKey.get(k))
    .filter((c): c is AnalysisColumn => !!c)
    .map((c) => ({
      key: c.key,
      title: CALL_ANALYSIS_COLUMNS[c.key],
      width: c.width,
      render: (_: unknown, r) => c.render(r),
    }));
}
