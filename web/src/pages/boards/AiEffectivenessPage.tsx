import { contract } from '@crm/core/contract';
import { StatsFilterBar, useStatsFilters } from '../../components/charts';
import { AiPanelGrid, RankTable, useAiFigures } from './aiPanels';
import { BoardExport } from './BoardExport';

/** /main/aihumaneffectiveness AI 人效: per seat, calls, talk time, strong-intention customers, deals, quality. */
export default function AiEffectivenessPage() {
  const filters = useStatsFilters();
  const q = filters.applied;
  const f = useAiFigures(q, { rank: true });
  return (
    <div className="page-card">
      <StatsFilterBar of={filters} extra={<BoardExport call={contract.aiBossStatis.exportRank} input={q} />} />
      <AiPanelGrid panels={['effectiveness']} q={q} />
      <div style={{ marginTop: 12 }}>
        <RankTable rank={f.rank.data} q={q} loading={f.rank.isFetching} />
      </div>
    </div>
  );
}
