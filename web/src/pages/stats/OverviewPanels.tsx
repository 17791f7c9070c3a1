import type { CallAnswer, contract } from '@crm/core/contract';
import { Card, Col, Row, Statistic } from 'antd';
import { useMemo } from 'react';
import { navigateTo } from '../../app/navigation';
import {
  EChart,
  formatValue,
  funnelOption,
  lineOption,
  pieOption,
  type StatsQuery,
  type ValueKind,
} from '../../components/charts';
import { dealsLink } from '../../features/stats/boardLinks';
import { callsLink, leadsLink } from './links';

export type OverviewData = CallAnswer<typeof contract.statsOverview.overview>;

/** One headline figure; with `to`, a click opens the list behind it. */
function Headline({ title, value, kind, to }: { title: string; value: number; kind: ValueKind; to?: string }) {
  return (
    <Col xs={12} sm={8} md={6} xl={3}>
      <Card
        size="small"
        hoverable={!!to}
        onClick={to ? () => navigateTo(to) : undefined}
        data-testid={`headline-${title}`}
      >
        <Statistic title={title} value={formatValue(value, kind)} valueStyle={{ fontSize: 22 }} />
      </Card>
    </Col>
  );
}

/**
 * The overview of a period (数据统计, 销售概况): headline figures, the daily trend (lines), the new leads by stage (a
 * funnel) and by source (shares). `owners` are the users the figures cover (undefined: the whole data scope).
 */
export function OverviewPanels({
  q,
  data,
  owners,
}: {
  q: StatsQuery;
  data: OverviewData | undefined;
  owners: number[] | undefined;
}) {
  const trend = useMemo(() => {
    const t = data?.trend ?? [];
    return lineOption(
      t.map((d) => d.day.slice(5)),
      [
        { name: '新增客户', data: t.map((d) => d.newLeads) },
        { name: '外呼数', data: t.map((d) => d.calls) },
        { name: '接通数', data: t.map((d) => d.answered) },
        { name: '成交单数', data: t.map((d) => d.orders) },
      ],
    );
  }, [data]);
  const stages = useMemo(() => funnelOption((data?.stages ?? []).map((x) => ({ name: x.name, value: x.n }))), [data]);
  const sources = useMemo(() => pieOption((data?.sources ?? []).map((x) => ({ name: x.name, value: x.n }))), [data]);
  const leads = leadsLink(q, owners);
  const deals = dealsLink(q, owners?.length === 1 ? owners[0] : undefined);
  // the call records filter one seat: a user's overview clicks through, a department's or the organisation's does not
  const seat = owners?.length === 1 ? owners[0] : undefined;
  const w = data?.work;
  return (
    <>
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        <Headline title="新增客户" value={data?.newLeads ?? 0} kind="count" to={leads} />
        <Headline title="外呼数" value={w?.calls ?? 0} kind="count" to={seat ? callsLink(q, seat) : undefined} />
        <Headline title="接通数" value={w?.answered ?? 0} kind="count" to={seat ? callsLink(q, seat, 2) : undefined} />
        <Headline title="接通率" value={w?.answerRate ?? 0} kind="percent" />
        <Headline title="通话总时长" value={w?.talkSeconds ?? 0} kind="duration" />
        <Headline title="跟进次数" value={w?.followUps ?? 0} kind="count" />
        <Headline title="成交单数" value={data?.orders ?? 0} kind="count" to={deals} />
        <Headline title="成交金额（元）" value={data?.orderFen ?? 0} kind="money" to={deals} />
      </Row>
      <Card size="small" title="每日趋势" style={{ marginBottom: 12 }}>
        <EChart option={trend} testId="overview-trend" style={{ height: 280 }} />
      </Card>
      <Row gutter={12}>
        <Col xs={24} lg={12}>
          <Card size="small" title="新增客户的阶段分布">
            <EChart
              option={stages}
              testId="overview-stages"
              style={{ height: 300 }}
              onClick={(p) => {
                const stage = data?.stages.find((x) => x.name === p.name);
                if (stage) navigateTo(leadsLink(q, owners, { dim: 1, id: stage.id }));
              }}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="新增客户的来源占比">
            <EChart option={sources} testId="overview-sources" style={{ height: 300 }} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
