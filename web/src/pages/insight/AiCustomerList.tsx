import { AiLabel, IntentionLabel } from '@crm/core';
import { contract } from '@crm/core/contract';
import { Progress, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { type RowOf, useCallPage } from '../../api/hooks';
import { openCustomerDetail } from '../../app/detail';
import { NumberInput } from '../../components/NumberInput';
import { useDraftFilters } from '../../components/useDraftFilters';
import { ClueFilterBar } from '../../features/lead/ClueFilterBar';
import { type ClueFilterDraft, filterBody } from '../../features/lead/filters';

type Row = RowOf<typeof contract.insight.aiCluePage>;
type Sort = 'intention' | 'churnRisk' | 'labelScore' | 'stage' | 'lastCallTime';
/** The lead list's filters and the AI ones. */
interface Filters extends ClueFilterDraft {
  intention?: number[];
  churnRiskMin?: number;
  label?: 1 | 2 | 3 | 4 | 5;
  labelScoreMin?: number;
  aiSort?: Sort;
}

const opts = (names: Record<number, string>) =>
  Object.entries(names).map(([v, label]) => ({ value: Number(v), label }));
const SORTS: { value: Sort; label: string }[] = [
  { value: 'intention', label: '按意向' },
  { value: 'churnRisk', label: '按流失风险' },
  { value: 'labelScore', label: '按标签分' },
  { value: 'stage', label: '按客户阶段' },
  { value: 'lastCallTime', label: '按最近通话' },
];
const ARROW = { up: '↑', down: '↓', flat: '→', none: '' } as const;

/**
 * The AI customer lists (/aiCustomer AI 客户管理, /AiCustomerAnalysis AI 客户分析): customers with analysed calls
 * ranked by intention, churn risk, label score or stage, with the lead list's filters; a row opens the detail drawer.
 */
export function AiCustomerList({ kind }: { kind: 'aiClue' | 'aiSale' }) {
  const call = kind === 'aiClue' ? contract.insight.aiCluePage : contract.insight.aiSalePage;
  const defaultSort: Sort = kind === 'aiClue' ? 'labelScore' : 'intention';
  const bar = useDraftFilters<Filters>(() => list.pager.reset());
  const { draft, patch, filters } = bar;
  const body = useMemo(() => {
    const { intention, churnRiskMin, label, labelScoreMin, aiSort, ...lead } = filters;
    return {
      ...filterBody(lead),
      ...(intention?.length ? { intention } : {}),
      ...(churnRiskMin !== undefined ? { churnRiskMin } : {}),
      ...(label ? { label } : {}),
      ...(labelScoreMin !== undefined ? { labelScoreMin } : {}),
      aiSort: aiSort ?? defaultSort,
    };
  }, [filters, defaultSort]);
  const list = useCallPage(call, body, kind);
  const open = (r: Row, index: number) =>
    openCustomerDetail({ clueId: r.clueId, list: (list.data?.lists ?? []).map((x) => x.clueId), index });
  const columns: ColumnsType<Row> = [
    {
      title: '客户',
      dataIndex: 'name',
      width: 160,
      render: (v: string, r, i) => (
        <Typography.Link onClick={() => open(r, i)} data-testid="ai-customer-open">
          {v || r.company || r.phone || '-'}
        </Typography.Link>
      ),
    },
    { title: '手机号', dataIndex: 'phone', width: 130, render: (v) => v || '-' },
    { title: '跟进人', dataIndex: 'ownerName', width: 90, render: (v) => v ?? '-' },
    { title: '客户阶段', dataIndex: 'stageName', width: 90 },
    {
      title: '意向',
      dataIndex: 'intentionName',
      width: 110,
      render: (v: string | null, r) =>
        v ? (
          <Tag color={r.intention === 1 ? 'green' : r.intention === 2 ? 'blue' : 'default'}>
            {v}
            {r.intentionDegree !== null ? ` ${r.intentionDegree}` : ''}
          </Tag>
        ) : (
          '-'
        ),
    },
    {
      title: '流失风险',
      dataIndex: 'churnRisk',
      width: 130,
      render: (v: number | null, r) =>
        v === null ? (
          '-'
        ) : (
          <Space size={4}>
            <Progress
              percent={v}
              size="small"
              style={{ width: 70 }}
              showInfo={false}
              status={v >= 60 ? 'exception' : 'normal'}
            />
            <span>
              {v}
              {ARROW[r.churnDirection]}
            </span>
          </Space>
        ),
    },
    {
      title: '标签分',
      key: 'scores',
      width: 220,
      render: (_, r) => (
        <Space size={2} wrap>
          {r.labelScores
            .filter((s) => s.score > 0)
            .map((s) => (
              <Tag key={s.label} color={s.score >= 50 ? 'gold' : 'default'}>
                {s.labelName} {s.score}
              </Tag>
            ))}
        </Space>
      ),
    },
    { title: '通话', dataIndex: 'callCount', width: 60 },
    { title: '最近通话', dataIndex: 'lastCallTime', width: 160, render: (v) => v ?? '-' },
    {
      title: 'AI 摘要',
      dataIndex: 'summary',
      ellipsis: { showTitle: false },
      render: (v: string) => (
        <Tooltip title={v} placement="topLeft">
          {v || '-'}
        </Tooltip>
      ),
    },
    { title: '下一步', dataIndex: 'nextStep', width: 160, ellipsis: true, render: (v) => v ?? '-' },
  ];
  return (
    <div className="page-card">
      <ClueFilterBar
        value={draft}
        onChange={bar.setDraft}
        onSearch={bar.search}
        onReset={bar.reset}
        hide={['importRecordId']}
      />
      <Space wrap style={{ margin: '8px 0 12px' }} data-testid="ai-filters">
        <Select
          mode="multiple"
          allowClear
          placeholder="意向"
          style={{ width: 180 }}
          maxTagCount={1}
          value={draft.intention}
          onChange={(v) => patch({ intention: v })}
          options={opts(IntentionLabel)}
        />
        <NumberInput
          placeholder="流失风险 ≥"
          min={0}
          max={100}
          decimals={0}
          negative={false}
          style={{ width: 120 }}
          value={draft.churnRiskMin}
          onChange={(v) => patch({ churnRiskMin: v ?? undefined })}
        />
        <Select
          allowClear
          placeholder="AI 标签"
          style={{ width: 130 }}
          value={draft.label}
          onChange={(v) => patch({ label: v })}
          options={opts(AiLabel)}
        />
        <NumberInput
          placeholder="标签分 ≥"
          min={0}
          max={100}
          decimals={0}
          negative={false}
          style={{ width: 110 }}
          value={draft.labelScoreMin}
          onChange={(v) => patch({ labelScoreMin: v ?? undefined })}
        />
        <Select
          style={{ width: 130 }}
          value={draft.aiSort ?? defaultSort}
          onChange={(v) => patch({ aiSort: v })}
          options={SORTS}
          aria-label="排序"
        />
        <Typography.Text type="secondary">AI 筛选与排序随「查询」生效</Typography.Text>
      </Space>
      <Table<Row> rowKey="clueId" size="middle" columns={columns} scroll={{ x: 1400 }} {...list.tableProps} />
    </div>
  );
}
