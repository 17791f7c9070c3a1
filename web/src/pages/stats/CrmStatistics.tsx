import { contract } from '@crm/core/contract';
import { Card, Col, Row, Space, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useCallQuery } from '../../api/hooks';
import { navigateTo } from '../../app/navigation';
import {
  barOption,
  EChart,
  Freshness,
  pieOption,
  StatsFilterBar,
  useScopeUsers,
  useStatsFilters,
} from '../../components/charts';
import { ExportButton } from './ExportButton';
import { leadsLink, ownersOf } from './links';
import { MatrixTable } from './MatrixTable';

const s = contract.stats;

/**
 * /main/crmStatistics 销售统计: the customers created in the period by their current follow-up status, per user or
 * department (headers: the organisation's follow-up statuses).
 */
export default function CrmStatistics() {
  const filters = useStatsFilters();
  const q = filters.applied;
  const [by, setBy] = useState<'user' | 'dept'>('user');
  const type = by === 'user' ? 1 : 2;
  const data = useCallQuery(s.salesList, { ...q, type });
  const users = useScopeUsers().data ?? [];
  const heads = data.data?.heads ?? [];
  const sum = data.data?.sum;
  const share = useMemo(
    () => pieOption(heads.map((h) => ({ name: h.name, value: sum?.counts[h.id] ?? 0 }))),
    [heads, sum],
  );
  const rows = useMemo(() => [...(data.data?.rows ?? [])].sort((a, b) => b.total - a.total).slice(0, 10), [data.data]);
  const ranking = useMemo(
    () =>
      barOption(
        rows.map((r) => r.name),
        [{ name: '客户数', data: rows.map((r) => r.total) }],
        'count',
        true,
      ),
    [rows],
  );
  return (
    <div className="page-card">
      <StatsFilterBar
        of={filters}
        extra={
          <Space>
            <Freshness at={data.data?.freshAt} />
            <ExportButton call={s.salesExport} input={{ ...q, type }} />
          </Space>
        }
      />
      <Row gutter={12} style={{ marginBottom: 12 }}>
        <Col xs={24} lg={10}>
          <Card size="small" title="跟进状态占比">
            <EChart
              option={share}
              testId="crm-share"
              style={{ height: 260 }}
              onClick={(p) => {
                const head = heads.find((h) => h.name === p.name);
                if (head?.id) navigateTo(leadsLink(q, ownersOf(q, users, 'sum', 0), head.id));
              }}
            />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title={by === 'user' ? '客户数排行（前 10 名）' : '各部门客户数'}>
            <EChart
              option={ranking}
              testId="crm-ranking"
              style={{ height: 260 }}
              onClick={(p) => {
                const row = [...rows].reverse()[p.dataIndex];
                if (row) navigateTo(leadsLink(q, ownersOf(q, users, by, row.id)));
              }}
            />
          </Card>
        </Col>
      </Row>
      <Tabs
        activeKey={by}
        onChange={(k) => setBy(k as 'user' | 'dept')}
        items={[
          { key: 'user', label: '按员工' },
          { key: 'dept', label: '按部门' },
        ]}
      />
      <MatrixTable q={q} by={by} data={data.data} loading={data.isFetching} />
    </div>
  );
}
