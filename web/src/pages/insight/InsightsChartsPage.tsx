import { contract } from '@crm/core/contract';
import { Card, Col, Empty, Row, Segmented, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useCallQuery } from '../../api/hooks';
import { EChart } from '../../components/charts';
import { InsightFilterBar, useInsightFilters } from './InsightFilterBar';
import { InsightFigures } from './InsightsPage';
import { callsOption, INSIGHT_SECTIONS, trendOption } from './insightCharts';

type Key = (typeof INSIGHT_SECTIONS)[number]['key'];

/** /main/customerInsights2 客户洞察（新）: the same insight as trends over the period, one chart per kind. */
export default function InsightsChartsPage() {
  const f = useInsightFilters();
  const q = useCallQuery(contract.insight.insights, { ...f.applied, top: 8 });
  const [focus, setFocus] = useState<Key>('objections');
  const d = q.data;
  const calls = useMemo(() => (d ? callsOption(d.days, d.callsPerDay) : null), [d]);
  const focused = useMemo(() => (d ? trendOption(d.days, d[focus], 8) : null), [d, focus]);
  return (
    <div className="page-card">
      <InsightFilterBar of={f} />
      <Spin spinning={q.isFetching}>
        {d && calls && focused ? (
          <>
            <InsightFigures data={d} />
            <Row gutter={[12, 12]}>
              <Col xs={24} xl={10}>
                <Card size="small" title="每日已分析通话">
                  <EChart option={calls} style={{ height: 300 }} testId="insight-calls" />
                </Card>
              </Col>
              <Col xs={24} xl={14}>
                <Card
                  size="small"
                  title="提及趋势"
                  extra={
                    <Segmented
                      size="small"
                      value={focus}
                      onChange={(v) => setFocus(v as Key)}
                      options={INSIGHT_SECTIONS.map((s) => ({ value: s.key, label: s.title }))}
                    />
                  }
                >
                  {d[focus].length ? (
                    <EChart option={focused} style={{ height: 300 }} testId="insight-trend" />
                  ) : (
                    <Empty description="暂无数据" />
                  )}
                </Card>
              </Col>
            </Row>
          </>
        ) : (
          <Empty description="暂无数据" />
        )}
      </Spin>
    </div>
  );
}
