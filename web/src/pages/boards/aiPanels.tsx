import { fenToYuan } from '@crm/core';
import type { CallAnswer } from '@crm/core/contract';
import { contract } from '@crm/core/contract';
import { AI_PANELS, type AiPanelKey } from '@crm/core/contract/boards';
import { Card, Col, Row, Statistic, Table } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useCallQuery } from '../../api/hooks';
import { navigateTo } from '../../app/navigation';
import {
  barOption,
  EChart,
  formatValue,
  lineOption,
  pieOption,
  type StatsQuery,
  type ValueKind,
} from '../../components/charts';
import { LinkButton } from '../../components/LinkButton';
import { callsLink, dealsLink } from '../../features/stats/boardLinks';

/**
 * The AI boards' figures for managers (/clue/aibossstatis), as panels the three AI screens arrange: overview cards,
 * intention mix (a share: pie), churn-risk, violation and score trends (lines), per-person effectiveness (bars and a
 * table). Counts click through to the calls or deals behind them.
 */

const st = contract.aiBossStatis;
type Overview = CallAnswer<typeof st.getOverview>;
type Trend = CallAnswer<typeof st.getTrend>;
type Rank = CallAnswer<typeof st.getRank>;

export function useAiFigures(q: StatsQuery, want: { overview?: boolean; trend?: boolean; rank?: boolean }) {
  return {
    overview: useCallQuery(st.getOverview, q, { enabled: Boolean(want.overview) }),
    trend: useCallQuery(st.getTrend, q, { enabled: Boolean(want.trend) }),
    rank: useCallQuery(st.getRank, q, { enabled: Boolean(want.rank) }),
  };
}

function Panel({ title, span = 12, children }: { title: string; span?: number; children: ReactNode }) {
  return (
    <Col xs={24} lg={span}>
      <Card size="small" title={title}>
        {children}
      </Card>
    </Col>
  );
}

export function OverviewCards({ o, q }: { o: Overview | undefined; q: StatsQuery }) {
  const cards: [string, number | null | undefined, ValueKind, (() => void)?][] = [
    ['通话数（外呼+上传录音）', o?.calls, 'count'],
    ['外呼数', o ? o.calls - o.uploads : undefined, 'count', () => navigateTo(callsLink(q))],
    ['上传录音数', o?.uploads, 'count'],
    ['接通数', o?.answered, 'count'],
    ['通话总时长', o?.talkSeconds, 'duration'],
    ['AI 分析通话', o?.analysed, 'count'],
    ['强意向通话', o?.strongIntention, 'count'],
    ['高流失风险', o?.highChurn, 'count'],
    ['违规次数', o?.violations, 'count'],
    ['平均质检分', o?.avgScore, 'count'],
    ['质检合格率', o?.passRate, 'percent'],
  ];
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
      {cards.map(([title, v, kind, click]) => (
        <Col key={title} xs={12} md={8} lg={6} xl={4}>
          <Card size="small" hoverable={Boolean(click)} onClick={click}>
            <Statistic title={title} loading={!o} value={formatValue(v, kind)} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function IntentionMix({ o }: { o: Overview | undefined }) {
  const option = useMemo(() => pieOption((o?.intentionMix ?? []).map((m) => ({ name: m.name, value: m.n }))), [o]);
  return <EChart option={option} testId="ai-intention" style={{ height: 260 }} />;
}

export function TrendLine({
  trend,
  series,
  kind,
}: {
  trend: Trend | undefined;
  series: [string, keyof Trend[number]][];
  kind?: ValueKind;
}) {
  const option = useMemo(() => {
    const t = trend ?? [];
    return lineOption(
      t.map((p) => p.day.slice(5)),
      // a day without a figure (no call scored) is a gap, not a zero
      series.map(([name, key]) => ({ name, data: t.map((p) => (p[key] === null ? (null as never) : Number(p[key]))) })),
      kind,
    );
  }, [trend, series, kind]);
  return <EChart option={option} style={{ height: 260 }} testId={`ai-trend-${series[0][1]}`} />;
}

function RankBars({ rank, q }: { rank: Rank | undefined; q: StatsQuery }) {
  const top = (rank ?? []).slice(0, 15);
  const option = useMemo(
    () =>
      barOption(
        top.map((r) => r.userName),
        [
          { name: '强意向客户', data: top.map((r) => r.strongCustomers) },
          { name: '成交数', data: top.map((r) => r.deals) },
        ],
        'count',
        true,
      ),
    [top],
  );
  return (
    <EChart
      option={option}
      testId="ai-rank"
      style={{ height: Math.max(260, top.length * 32) }}
      onClick={(p) => {
        const r = [...top].reverse()[p.dataIndex];
        if (r) navigateTo(p.seriesName === '成交数' ? dealsLink(q, r.userId) : callsLink(q, r.userId));
      }}
    />
  );
}

export function RankTable({ rank, q, loading }: { rank: Rank | undefined; q: StatsQuery; loading: boolean }) {
  return (
    <Table
      size="small"
      rowKey="userId"
      loading={loading}
      dataSource={rank ?? []}
      pagination={false}
      scroll={{ x: 960 }}
      data-testid="ai-rank-table"
      columns={[
        { title: '员工', dataIndex: 'userName', fixed: 'left' },
        { title: '部门', dataIndex: 'deptName', render: (v) => v ?? '-' },
        {
          title: '通话数',
          dataIndex: 'calls',
          align: 'right',
          render: (v: number, r) =>
            v ? <LinkButton onClick={() => navigateTo(callsLink(q, r.userId))}>{formatValue(v)}</LinkButton> : 0,
        },
        { title: '接通数', dataIndex: 'answered', align: 'right', render: (v: number) => formatValue(v) },
        {
          title: '通话时长',
          dataIndex: 'talkSeconds',
          align: 'right',
          render: (v: number) => formatValue(v, 'duration'),
        },
        { title: '强意向客户', dataIndex: 'strongCustomers', align: 'right' },
        {
          title: '成交数',
          dataIndex: 'deals',
          align: 'right',
          render: (v: number, r) =>
            v ? <LinkButton onClick={() => navigateTo(dealsLink(q, r.userId))}>{v}</LinkButton> : 0,
        },
        { title: '成交金额（元）', dataIndex: 'amountFen', align: 'right', render: fenToYuan },
        { title: '违规次数', dataIndex: 'violations', align: 'right' },
        { title: '平均质检分', dataIndex: 'avgScore', align: 'right', render: (v: number | null) => v ?? '-' },
      ]}
    />
  );
}

/** The panels of the AI dashboard in the organisation's order. */
export function AiPanelGrid({ panels, q }: { panels: AiPanelKey[]; q: StatsQuery }) {
  const f = useAiFigures(q, {
    overview: panels.includes('overview') || panels.includes('intentionMix'),
    trend: panels.some((p) => p.endsWith('Trend')),
    rank: panels.includes('effectiveness'),
  });
  const body: Record<Exclude<AiPanelKey, 'overview'>, ReactNode> = {
    intentionMix: <IntentionMix o={f.overview.data} />,
    churnTrend: (
      <TrendLine
        trend={f.trend.data}
        series={[
          ['高流失风险', 'highChurn'],
          ['强意向', 'strongIntention'],
        ]}
      />
    ),
    violationTrend: <TrendLine trend={f.trend.data} series={[['违规次数', 'violations']]} />,
    scoreTrend: <TrendLine trend={f.trend.data} series={[['平均质检分', 'avgScore']]} />,
    effectiveness: <RankBars rank={f.rank.data} q={q} />,
  };
  return (
    <>
      {panels.includes('overview') && <OverviewCards o={f.overview.data} q={q} />}
      <Row gutter={[12, 12]}>
        {panels
          .filter((p): p is Exclude<AiPanelKey, 'overview'> => p !== 'overview')
          .map((p) => (
            <Panel key={p} title={AI_PANELS[p]}>
              {body[p]}
            </Panel>
          ))}
      </Row>
    </>
  );
}
