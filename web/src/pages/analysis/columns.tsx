import { ANALYSIS_PAUSED_REASON, type CallAnalysisRow } from '@crm/core/contract/analysis';
import { Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { churnColor, dash, INTENTION_COLOR, statusColor } from './format';

/** A column the user may choose for the call-analysis list: its key, title and cell. */
export interface AnalysisColumn {
  key: string;
  title: string;
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
  { key: 'callTime', title: '通话时间', width: 160, render: (r) => dash(r.callTime) },
  { key: 'durationText', title: '通话时长', width: 90, render: (r) => r.durationText },
  { key: 'ownerName', title: '归属员工', width: 100, render: (r) => dash(r.ownerName) },
  { key: 'deptName', title: '部门', width: 110, render: (r) => dash(r.deptName) },
  { key: 'phone', title: '号码', width: 120, render: (r) => dash(r.phone) },
  { key: 'clueName', title: '客户', width: 110, render: (r) => dash(r.clueName) },
  {
    key: 'analysisStatus',
    title: '分析状态',
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
    title: '意向标签',
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
  { key: 'intentionDegree', title: '意向度', width: 80, render: (r) => dash(r.intentionDegree) },
  {
    key: 'aiLabels',
    title: 'AI 标签',
    width: 160,
    render: (r) =>
      tags(
        r.aiLabels.map((l) => l.name),
        'blue',
      ),
  },
  {
    key: 'callTags',
    title: '通话标签',
    width: 160,
    render: (r) =>
      tags(
        r.callTags.map((t) => t.name),
        'geekblue',
      ),
  },
  {
    key: 'customTags',
    title: '自定义 AI 标签',
    width: 160,
    render: (r) =>
      tags(
        r.customTags.map((t) => t.name),
        'cyan',
      ),
  },
  {
    key: 'churnRisk',
    title: '流失风险',
    width: 90,
    render: (r) =>
      r.churnRisk === null ? (
        '-'
      ) : (
        <span style={{ color: churnColor(r.churnRisk), fontWeight: 600 }}>{r.churnRisk}</span>
      ),
  },
  { key: 'riskName', title: '风险', width: 70, render: (r) => dash(r.riskName) },
  {
    key: 'violationCount',
    title: '违规',
    width: 70,
    render: (r) => (r.violationCount ? <Tag color="red">{r.violationCount} 处</Tag> : r.analysedAt ? '无' : '-'),
  },
  { key: 'flagNames', title: '表现标记', width: 140, render: (r) => tags(r.flagNames, 'volcano') },
  {
    key: 'keywords',
    title: '关键词',
    width: 180,
    render: (r) => (
      <Typography.Text ellipsis={{ tooltip: r.keywords.join('、') }} style={{ maxWidth: 170 }}>
        {dash(r.keywords.join('、'))}
      </Typography.Text>
    ),
  },
  {
    key: 'summary',
    title: '通话小结',
    width: 240,
    render: (r) => (
      <Typography.Text ellipsis={{ tooltip: r.summary }} style={{ maxWidth: 230 }}>
        {dash(r.summary)}
      </Typography.Text>
    ),
  },
  { key: 'sourceName', title: '录音来源', width: 90, render: (r) => r.sourceName },
  { key: 'callTypeName', title: '通话类型', width: 84, render: (r) => r.callTypeName },
  { key: 'commentCount', title: '评论', width: 64, render: (r) => r.commentCount || '-' },
  { key: 'analysedAt', title: '分析时间', width: 160, render: (r) => dash(r.analysedAt) },
  {
    key: 'fileName',
    title: '文件名',
    width: 180,
    render: (r) => (
      <Typography.Text ellipsis={{ tooltip: r.fileName }} style={{ maxWidth: 170 }}>
        {r.fileName}
      </Typography.Text>
    ),
  },
];

/** Shown until the user chooses: the columns a sales manager reads first. */
export const DEFAULT_ANALYSIS_COLUMNS = [
  'callTime',
  'durationText',
  'ownerName',
  'phone',
  'analysisStatus',
  'intention',
  'aiLabels',
  'callTags',
  'churnRisk',
  'violationCount',
  'flagNames',
  'summary',
];

/** The antd columns of the chosen keys, in their order (unknown keys skipped). */
export function tableColumns(keys: string[]): ColumnType<CallAnalysisRow>[] {
  const byKey = new Map(ANALYSIS_COLUMNS.map((c) => [c.key, c]));
  return keys
    .map((k) => byKey.get(k))
    .filter((c): c is AnalysisColumn => !!c)
    .map((c) => ({ key: c.key, title: c.title, width: c.width, render: (_: unknown, r) => c.render(r) }));
}
