import type { CallAnswer, contract } from '@crm/core/contract';
import type { BoardMetric, ChartType, Figure } from '@crm/core/contract/boards';
import { Card, Col, Row } from 'antd';
import { navigateTo } from '../../app/navigation';
import type { StatsQuery } from '../../components/charts';
import { callsLink, dealsLink, leadsLink } from '../../features/stats/boardLinks';
import { FigureChart } from './FigureChart';

type BoardData = CallAnswer<typeof contract.customBoard.data>;
type Point = Figure['points'][number];

/** Where a point of a figure leads (the list behind it, with the panel's period); null: nowhere. */
function linkOf(metric: BoardMetric, q: StatsQuery, p: Point): string | null {
  const id = Number(p.key);
  switch (metric) {
    case 'dealTrend':
      return dealsLink(q, undefined, p.key);
    case 'dealRank':
      return dealsLink(q, id);
    case 'leadSource':
      return leadsLink(q, { channelSourceId: id });
    case 'stageFunnel':
      return leadsLink(q, { stage: id });
    case 'callTrend':
      return callsLink(q, undefined, p.key);
    case 'effectivenessRank':
      return callsLink(q, id);
    default:
      return null;
  }
}

/** A custom board's panels in their grid; `clickable` where the viewer has a session (not the public link). */
export function BoardGrid({ data, clickable }: { data: BoardData; clickable: boolean }) {
  return (
    <Row gutter={[12, 12]}>
      {data.board.panels.map((panel, i) => {
        const fig = data.figures[i];
        const q = { startDate: fig.startDate, endDate: fig.endDate };
        const metric = panel.metric as BoardMetric;
        const go = clickable && linkOf(metric, q, { label: '', value: 0, key: '0' }) !== null;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: panels have no ids; a board's panels are shown in their saved order
          <Col key={`${i}-${panel.title}`} xs={24} lg={panel.span}>
            <Card
              size="small"
              title={panel.title}
              extra={<span style={{ color: '#999', fontSize: 12 }}>{`${fig.startDate}至${fig.endDate}`}</span>}
            >
              <FigureChart
                figure={fig}
                chart={panel.chart as ChartType}
                title={panel.title}
                testId={`panel-${i}`}
                onPoint={
                  go
                    ? (p) => {
                        const to = linkOf(metric, q, p);
                        if (to) navigateTo(to);
                      }
                    : undefined
                }
              />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
