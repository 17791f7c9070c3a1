import { contract } from '@crm/core/contract';
import { Card, Col, Row, Table } from 'antd';
import { formatValue, StatsFilterBar, useStatsFilters } from '../../components/charts';
import { OverviewCards, TrendLine, useAiFigures } from './aiPanels';
import { BoardExport } from './BoardExport';

/** /main/aiStatistics AI 统计: the AI figures of the period, their daily trends and the day-by-day table. */
export default function AiStatisticsPage() {
  const filters = useStatsFilters();
  const q = filters.applied;
  const f = useAiFigures(q, { overview: true, trend: true });
  return (
    <div className="page-card">
      <StatsFilterBar of={filters} extra={<BoardExport call={contract.aiBossStatis.exportTrend} input={q} />} />
      <OverviewCards o={f.overview.data} q={q} />
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        <Col xs={24} lg={12}>
          <Card size="small" title="AI 分析与意向趋势">
            <TrendLine
              trend={f.trend.data}
              series={[
                ['AI 分析数', 'analysed'],
                ['强意向', 'strongIntention'],
                ['高流失风险', 'highChurn'],
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="违规与质检趋势">
            <TrendLine
              trend={f.trend.data}
              series={[
                ['违规次数', 'violations'],
                ['平均质检分', 'avgScore'],
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Table
        size="small"
        rowKey="day"
        loading={f.trend.isFetching}
        dataSource={[...(f.trend.data ?? [])].reverse()}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        data-testid="ai-trend-table"
        columns={[
          { title: '日期', dataIndex: 'day' },
          { title: '通话数', dataIndex: 'calls', align: 'right', render: (v: number) => formatValue(v) },
          {
            title: '通话时长',
            dataIndex: 'talkSeconds',
            align: 'right',
            render: (v: number) => formatValue(v, 'duration'),
          },
          { title: 'AI 分析数', dataIndex: 'analysed', align: 'right' },
          { title: '强意向', dataIndex: 'strongIntention', align: 'right' },
          { title: '高流失风险', dataIndex: 'highChurn', align: 'right' },
          { title: '违规次数', dataIndex: 'violations', align: 'right' },
          { title: '平均质检分', dataIndex: 'avgScore', align: 'right', render: (v: number | null) => v ?? '-' },
        ]}
      />
    </div>
  );
}
