import { contract } from '@crm/core/contract';
import { Button, Card, List, ProgressBar } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useCallQuery } from '../../api/hooks';
import { MobileEmpty, MobileError, MobileLoading, MobilePage } from '../../mobile';
import { Figures } from './Figures';
import { count, duration, money, percent } from './format';
import { usePeriod } from './period';

/** How many people the board's ranking shows. */
const TOP = 5;

/** 看板: the manager's board (with 更多数据 when morePath is given: the H5 board) of the period (the AI board's core figures, intentions and the top of the ranking). */
export default function KanbanPage({ morePath }: { morePath?: string }) {
  const navigate = useNavigate();
  const { filter, tabs } = usePeriod();
  const overview = useCallQuery(contract.aiBossStatis.getOverview, filter);
  const rank = useCallQuery(contract.aiBossStatis.getRank, filter);
  const o = overview.data;
  const refresh = () => Promise.all([overview.refetch(), rank.refetch()]);
  const intentions = o?.intentionMix.filter((m) => m.n > 0) ?? [];
  const mixTotal = intentions.reduce((n, m) => n + m.n, 0);
  const top = [...(rank.data ?? [])]
    .filter((r) => r.calls > 0 || r.amountFen > 0)
    .sort((a, b) => b.amountFen - a.amountFen || b.talkSeconds - a.talkSeconds)
    .slice(0, TOP);
  return (
    <MobilePage
      title="看板"
      tools={tabs}
      onRefresh={refresh}
      right={
        morePath && (
          <Button size="small" fill="none" color="primary" onClick={() => navigate(morePath)}>
            更多数据
          </Button>
        )
      }
    >
      {overview.isPending ? (
        <MobileLoading />
      ) : !o ? (
        <MobileError message={(overview.error as Error | null)?.message} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <Card className="m-section" title="核心指标">
            <Figures
              testId="kanban-figures"
              items={[
                ['通话量', count(o.calls)],
                ['接通量', count(o.answered)],
                ['通话时长', duration(o.talkSeconds)],
                ['已分析', count(o.analysed)],
                ['强意向', count(o.strongIntention)],
                ['高流失风险', count(o.highChurn)],
                ['违规', count(o.violations)],
                ['平均质检分', o.avgScore == null ? '-' : Number(o.avgScore.toFixed(1))],
                ['质检合格率', percent(o.passRate)],
              ]}
            />
          </Card>
          <Card className="m-section" title="意向分布">
            {intentions.length === 0 ? (
              <MobileEmpty />
            ) : (
              intentions.map((m) => (
                <div key={m.intention} style={{ padding: '8px 0' }}>
                  <div className="m-row">
                    <span>{m.name}</span>
                    <span className="m-muted">{count(m.n)}</span>
                  </div>
                  <ProgressBar percent={mixTotal ? (m.n / mixTotal) * 100 : 0} />
                </div>
              ))
            )}
          </Card>
          <Card className="m-section" title="成交排行">
            {rank.isPending ? (
              <MobileLoading />
            ) : top.length === 0 ? (
              <MobileEmpty />
            ) : (
              <List data-testid="kanban-rank">
                {top.map((r, i) => (
                  <List.Item
                    key={r.userId}
                    prefix={<b>{i + 1}</b>}
                    description={`${r.deptName ?? '-'} · 通话 ${count(r.calls)} · 时长 ${duration(r.talkSeconds)}`}
                    extra={`${money(r.amountFen)} 元`}
                  >
                    {r.userName}
                  </List.Item>
                ))}
              </List>
            )}
          </Card>
        </>
      )}
    </MobilePage>
  );
}
