import { contract } from '@crm/core/contract';
import { Card, Col, Row, Space, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useCallPage, useCallQuery } from '../../api/hooks';
import { navigateTo } from '../../app/navigation';
import { barOption, EChart, Freshness, lineOption, StatsFilterBar, useStatsFilters } from '../../components/charts';
import { ExportButton } from './ExportButton';
import { callsLink } from './links';
import { SummaryCards } from './SummaryCards';
import { WorkTable, workColumns } from './WorkTable';

const s = contract.stats;

/** /main/callStatistics 通话统计: calls, answered, missed, answer rate and talk time per user, department and day. */
export default function CallStatistics() {
  const filters = useStatsFilters();
  const q = filters.applied;
  const [by, setBy] = useState<'user' | 'dept'>('user');
  const days = useCallQuery(s.callDayList, q);
  const users = useCallPage(s.callUserPage, { ...q }, 'call statistics users');
  const depts = useCallPage(s.callDeptPage, { ...q }, 'call statistics depts');
  const page = by === 'user' ? users : depts;
  const trend = useMemo(() => {
    const rows = days.data?.rows ?? [];
    return lineOption(
      rows.map((r) => r.name.slice(5)),
      [
        { name: '外呼数', data: rows.map((r) => r.calls) },
        { name: '接通数', data: rows.map((r) => r.answered) },
      ],
    );
  }, [days.data]);
  const top = (users.data?.lists ?? []).slice(0, 10);
  const ranking = useMemo(
    () =>
      barOption(
        top.map((r) => r.name),
        [{ name: '通话总时长', data: top.map((r) => r.talkSeconds) }],
        'duration',
        true,
      ),
    [top],
  );
  return (
    <div className="page-card">
      <StatsFilterBar
        of={filters}
        extra={
          <Space>
            <Freshness at={days.data?.freshAt} />
            <ExportButton call={s.callExport} input={{ ...q, type: by === 'user' ? 1 : 2 }} />
          </Space>
        }
      />
      <SummaryCards sum={days.data?.sum} />
      <Row gutter={12} style={{ marginBottom: 12 }}>
        <Col xs={24} lg={14}>
          <Card size="small" title="每日通话趋势">
            <EChart option={trend} testId="call-trend" style={{ height: 260 }} />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title="通话时长排行（本页前 10 名）">
            <EChart
              option={ranking}
              testId="call-ranking"
              style={{ height: 260 }}
              onClick={(p) => {
                const row = [...top].reverse()[p.dataIndex];
                if (row) navigateTo(callsLink(q, row.id, 2));
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
      <WorkTable
        rows={page.data?.lists ?? []}
        sum={page.data?.sum}
        columns={workColumns(q, by, false)}
        loading={page.isFetching}
        pagination={page.tableProps.pagination}
      />
    </div>
  );
}
