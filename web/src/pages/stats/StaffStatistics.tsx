import { contract } from '@crm/core/contract';
import { Button, Card, Space, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useCallQuery } from '../../api/hooks';
import { navigateTo } from '../../app/navigation';
import { useHasSign } from '../../app/session';
import { barOption, EChart, Freshness, StatsFilterBar, useStatsFilters } from '../../components/charts';
import { ExportButton } from './ExportButton';
import { callsLink } from './links';
import { MatrixTable } from './MatrixTable';
import { SummaryCards } from './SummaryCards';
import { TargetModal } from './TargetModal';
import { TargetTable } from './TargetTable';
import { WorkTable, workColumns } from './WorkTable';

const s = contract.stats;

/**
 * /main/staffStatistics 员工统计: each user's (or department's) calls, answered, answer rate, talk time, leads taken
 * and follow-ups, their target of new leads against the leads taken, and their customers per follow-up status and
 * per intention level.
 */
export default function StaffStatistics() {
  const filters = useStatsFilters();
  const q = filters.applied;
  const [by, setBy] = useState<'user' | 'dept'>('user');
  const work = useCallQuery(by === 'user' ? s.getCalloutUserCountRes : s.getCalloutDeptCountRes, q);
  const matrix = useCallQuery(
    by === 'user' ? s.getFollowStatusCustomCountRes : s.getFollowStatusCustomCountResByDept,
    q,
  );
  const targets = useCallQuery(by === 'user' ? s.getTargetClueNumCountByUser : s.getTargetClueNumCountByDept, q);
  const intention = useCallQuery(
    by === 'user' ? s.getIntentionLevelCustomCountRes : s.getIntentionLevelCustomCountResByDept,
    q,
  );
  const canSetTargets = useHasSign('report:edit');
  const [setting, setSetting] = useState(false);
  const rows = work.data?.rows ?? [];
  const top = useMemo(() => [...rows].sort((a, b) => b.calls - a.calls).slice(0, 10), [rows]);
  const ranking = useMemo(
    () =>
      barOption(
        top.map((r) => r.name),
        [
          { name: '外呼数', data: top.map((r) => r.calls) },
          { name: '接通数', data: top.map((r) => r.answered) },
        ],
        'count',
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
            <Freshness at={work.data?.freshAt} />
            <ExportButton call={s.exportUserOrDeptAnalysis} input={{ ...q, type: by === 'user' ? 1 : 2 }} />
          </Space>
        }
      />
      <Tabs
        activeKey={by}
        onChange={(k) => setBy(k as 'user' | 'dept')}
        items={[
          { key: 'user', label: '按员工' },
          { key: 'dept', label: '按部门' },
        ]}
      />
      <SummaryCards
        sum={work.data?.sum}
        extra={[
          { key: 'taken', title: '领取/分配线索数', kind: 'count' },
          { key: 'followUps', title: '跟进次数', kind: 'count' },
        ]}
      />
      <Card size="small" title={by === 'user' ? '外呼排行（前 10 名）' : '各部门外呼'} style={{ marginBottom: 12 }}>
        <EChart
          option={ranking}
          testId="staff-ranking"
          style={{ height: Math.max(180, top.length * 36) }}
          onClick={(p) => {
            const row = [...top].reverse()[p.dataIndex];
            if (row && by === 'user') navigateTo(callsLink(q, row.id, p.seriesIndex === 1 ? 2 : undefined));
          }}
        />
      </Card>
      <WorkTable
        rows={rows}
        sum={work.data?.sum}
        columns={workColumns(q, by, true)}
        loading={work.isFetching}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
      />
      <Card
        size="small"
        title="各跟进状态客户数（统计期内新增、当前归属）"
        extra={<Freshness at={matrix.data?.freshAt} />}
        style={{ marginTop: 12 }}
      >
        <MatrixTable q={q} by={by} data={matrix.data} loading={matrix.isFetching} />
      </Card>
      <Card
        size="small"
        title="目标完成"
        extra={
          <Space>
            <Freshness at={targets.data?.freshAt} />
            {canSetTargets && (
              <Button size="small" onClick={() => setSetting(true)}>
                设置目标
              </Button>
            )}
          </Space>
        }
        style={{ marginTop: 12 }}
      >
        <TargetTable by={by} data={targets.data} loading={targets.isFetching} />
      </Card>
      <Card
        size="small"
        title="意向等级客户数（统计期内有 AI 分析的通话，按最近一次的意向）"
        extra={<Freshness at={intention.data?.freshAt} />}
        style={{ marginTop: 12 }}
        data-testid="intention-card"
      >
        <MatrixTable q={q} by={by} data={intention.data} loading={intention.isFetching} plain />
      </Card>
      {setting && <TargetModal onClose={() => setSetting(false)} />}
    </div>
  );
}
