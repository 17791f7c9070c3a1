import { contract } from '@crm/core/contract';
import { Segmented, Space } from 'antd';
import { useState } from 'react';
import { useCallQuery } from '../../api/hooks';
import { useUser } from '../../app/session';
import { Freshness, StatsFilterBar, useStatsFilters } from '../../components/charts';
import { OverviewPanels } from './OverviewPanels';

/** /main/saleSurvey 销售概况: the user's own sales overview, or that of everyone in their data scope. */
export default function SaleSurvey() {
  const filters = useStatsFilters();
  const q = filters.applied;
  const me = useUser();
  const [whose, setWhose] = useState<'mine' | 'all'>('mine');
  const o = contract.statsOverview;
  const data = useCallQuery(whose === 'mine' ? o.survey : o.totalSurvey, q);
  return (
    <div className="page-card">
      <StatsFilterBar
        of={filters}
        users={whose === 'all'}
        extra={
          <Space>
            <Segmented
              value={whose}
              onChange={(v) => setWhose(v as 'mine' | 'all')}
              options={[
                { value: 'mine', label: '我的' },
                { value: 'all', label: '全部' },
              ]}
            />
            <Freshness at={data.data?.freshAt} />
          </Space>
        }
      />
      <OverviewPanels q={q} data={data.data} owners={whose === 'mine' && me ? [me.userId] : q.userIds} />
    </div>
  );
}
