import { contract } from '@crm/core/contract';
import { Card, Segmented, Space, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useCallQuery } from '../../api/hooks';
import { barOption, EChart, Freshness, StatsFilterBar, useStatsFilters } from '../../components/charts';
import { ExportButton } from './ExportButton';
import { MatrixTable } from './MatrixTable';

const DIMS = [
  { value: 1, label: '按阶段' },
  { value: 2, label: '按来源' },
  { value: 3, label: '按跟进状态' },
] as const;

/** /main/customerStatistics 客户统计: the customers created in the period by stage, source or follow-up status. */
export default function CustomerStatistics() {
  const filters = useStatsFilters();
  const q = filters.applied;
  const [by, setBy] = useState<'user' | 'dept'>('user');
  const [dim, setDim] = useState<1 | 2 | 3>(1);
  const input = { ...q, dim, type: by === 'user' ? 1 : 2 } as const;
  const data = useCallQuery(contract.statsOverview.customerList, input);
  const chart = useMemo(() => {
    const heads = data.data?.heads ?? [];
    return barOption(
      heads.map((h) => h.name),
      [{ name: '客户数', data: heads.map((h) => data.data?.sum.counts[h.id] ?? 0) }],
    );
  }, [data.data]);
  return (
    <div className="page-card">
      <StatsFilterBar
        of={filters}
        extra={
          <Space>
            <Freshness at={data.data?.freshAt} />
            <ExportButton call={contract.statsOverview.customerExport} input={input} />
          </Space>
        }
      />
      <Segmented
        style={{ marginBottom: 12 }}
        value={dim}
        onChange={(v) => setDim(v as 1 | 2 | 3)}
        options={DIMS.map((d) => ({ value: d.value, label: d.label }))}
      />
      <Card size="small" title="新增客户分布" style={{ marginBottom: 12 }}>
        <EChart option={chart} testId="customer-chart" style={{ height: 260 }} />
      </Card>
      <Tabs
        activeKey={by}
        onChange={(k) => setBy(k as 'user' | 'dept')}
        items={[
          { key: 'user', label: '按员工' },
          { key: 'dept', label: '按部门' },
        ]}
      />
      <MatrixTable q={q} by={by} data={data.data} loading={data.isFetching} dim={dim} />
    </div>
  );
}
