import { contract } from '@crm/core/contract';
import { useCallQuery } from '../../api/hooks';
import { Freshness, StatsFilterBar, useStatsFilters } from '../../components/charts';
import { OverviewPanels } from './OverviewPanels';

/** /main/dataStatistics 数据统计: the organisation's figures of a period (within the user's data scope). */
export default function DataStatistics() {
  const filters = useStatsFilters();
  const q = filters.applied;
  const data = useCallQuery(contract.statsOverview.overview, q);
  return (
    <div className="page-card">
      <StatsFilterBar of={filters} extra={<Freshness at={data.data?.freshAt} />} />
      <OverviewPanels q={q} data={data.data} owners={q.userIds} />
    </div>
  );
}
