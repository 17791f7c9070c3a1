import { contract } from '@crm/core/contract';
import { Card, Col, Empty, Row, Spin, Statistic, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useCallQuery } from '../../api/hooks';
import { EChart } from '../../components/charts';
import { Cites } from '../../features/insight/Cites';
import { InsightFilterBar, useInsightFilters } from './InsightFilterBar';
import { barOption, INSIGHT_SECTIONS, type InsightItem, type Insights } from './insightCharts';

/** The organisation's figures for the period: calls, customers, strong intention, high churn risk. */
export function InsightFigures({ data }: { data: Insights }) {
  return (
    <Row gutter={12} style={{ marginBottom: 12 }}>
      {[
        ['已分析通话', data.calls],
        ['涉及客户', data.customers],
        ['强意向通话', data.strongIntention],
        ['高流失风险通话', data.highChurn],
      ].map(([title, value]) => (
        <Col xs={12} md={6} key={title}>
          <Card size="small">
            <Statistic title={title} value={value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function SectionCard({ title, color, items }: { title: string; color: string; items: InsightItem[] }) {
  const option = useMemo(() => barOption(items, color), [items, color]);
  return (
    <Card size="small" title={title} data-testid={`insight-${title}`} style={{ height: '100%' }}>
      {items.length ? (
        <>
          <EChart option={option} style={{ height: Math.max(140, items.length * 26) }} />
          <Table<InsightItem>
            rowKey="label"
            size="small"
            pagination={false}
            dataSource={items}
            columns={[
              { title: '内容', dataIndex: 'label', width: 140 },
              { title: '次数', dataIndex: 'count', width: 60 },
              {
                title: '例句',
                key: 'examples',
                render: (_, r) =>
                  r.examples.slice(0, 2).map((e) => (
                    <div key={`${e.recordingId}-${e.segment}`}>
                      <Typography.Text style={{ fontSize: 12 }}>“{e.sentence}”</Typography.Text> <Cites cites={[e]} />
                    </div>
                  )),
              },
            ]}
          />
        </>
      ) : (
        <Empty description="暂无数据" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </Card>
  );
}

/** /main/customerInsights 客户洞察: top needs, objections, competitors and questions with counts and example sentences. */
export default function InsightsPage() {
  const f = useInsightFilters();
  const q = useCallQuery(contract.insight.insights, f.applied);
  return (
    <div className="page-card">
      <InsightFilterBar of={f} />
      <Spin spinning={q.isFetching}>
        {q.data ? (
          <>
            <InsightFigures data={q.data} />
            <Row gutter={[12, 12]}>
              {INSIGHT_SECTIONS.map((s) => (
                <Col xs={24} xl={12} key={s.key}>
                  <SectionCard title={s.title} color={s.color} items={q.data[s.key]} />
                </Col>
              ))}
            </Row>
          </>
        ) : (
          <Empty description="暂无数据" />
        )}
      </Spin>
    </div>
  );
}
