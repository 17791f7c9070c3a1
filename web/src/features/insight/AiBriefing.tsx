import { EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import { BRIEFING_SECTIONS, type Briefing, BriefingSectionName } from '@crm/core/contract/insight';
import { Alert, Button, Card, Col, Empty, List, Row, Select, Space, Spin, Statistic, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { type ChartOption, EChart } from '../../components/charts';
import { AiFollowModal } from './AiFollowModal';
import { Cites } from './Cites';

const DIRECTION = { up: ['上升', 'red'], down: ['下降', 'green'], flat: ['持平', 'default'], none: ['', 'default'] };
const INTENTION_DIRECTION = { ...DIRECTION, up: ['上升', 'green'], down: ['下降', 'red'] };

function trendOption(b: Briefing): ChartOption {
  const x = b.intention.trend.map((p) => p.callTime?.slice(5, 16) ?? '');
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: ['意向强度', '流失风险'], bottom: 0 },
    grid: { left: 36, right: 16, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: x },
    yAxis: { type: 'value', min: 0, max: 100 },
    series: [
      { name: '意向强度', type: 'line', data: b.intention.trend.map((p) => p.value), smooth: true, color: '#1677ff' },
      { name: '流失风险', type: 'line', data: b.churn.trend.map((p) => p.value), smooth: true, color: '#ff4d4f' },
    ],
  };
}

/** One section of the briefing: its points, each with the calls and sentences it came from. */
function Section({ b, section }: { b: Briefing; section: (typeof BRIEFING_SECTIONS)[number] }) {
  const points = b[section];
  return (
    <Card
      size="small"
      title={BriefingSectionName[section]}
      data-testid={`briefing-${section}`}
      style={{ height: '100%' }}
    >
      {points.length ? (
        <List
          size="small"
          dataSource={points}
          renderItem={(p) => (
            <List.Item style={{ display: 'block', padding: '4px 0' }}>
              <Space size={6} wrap>
                {p.side && (
                  <Tag color={p.side === 'agent' ? 'blue' : 'green'}>{p.side === 'agent' ? '我方' : '客户'}</Tag>
                )}
                <Typography.Text>{p.text}</Typography.Text>
                {p.dueOn && <Tag color="orange">{p.dueOn}</Tag>}
              </Space>
              {p.answer && <div style={{ color: '#666', fontSize: 12, marginTop: 2 }}>应对：{p.answer}</div>}
              <div>
                <Cites cites={p.cites} />
              </div>
            </List.Item>
          )}
        />
      ) : (
        <Typography.Text type="secondary">-</Typography.Text>
      )}
    </Card>
  );
}

/** The customer's calls with a risk (churn risk, potential complaint, violations), each citing its sentences. */
function RiskCard({ clueId }: { clueId: number }) {
  const risks = useCallQuery(contract.insight.riskList, { clueId });
  if (!risks.data?.length) return null;
  return (
    <Card size="small" title="风险" data-testid="briefing-risks">
      <List
        size="small"
        dataSource={risks.data}
        renderItem={(r) => (
          <List.Item style={{ display: 'block', padding: '4px 0' }}>
            <Space size={4} wrap>
              <Typography.Text type="secondary">{r.callTime ?? '-'}</Typography.Text>
              {r.reasons.map((x) => (
                <Tag key={x} color="red">
                  {x}
                </Tag>
              ))}
            </Space>
            <div>
              <Cites cites={r.evidence} />
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}

/**
 * AI 沟通摘要 of a customer over all of its calls (on the customer detail and its drawer): summary, intention and
 * churn risk with their trend, the sections with their citations, label scores; rebuilt on demand; 写跟进 from a call.
 */
export function AiBriefing({ clueId }: { clueId: number }) {
  // the briefing is rebuilt by a job after each analysed call: an open drawer follows it (a stored row, cheap to read)
  const q = useCallQuery(contract.insight.briefing, { clueId }, { refetchInterval: 10_000 });
  const scores = useCallQuery(contract.insight.labelScore, { clueId }, { refetchInterval: 10_000 });
  const canWrite = useHasSign('clue:edit');
  const [follow, setFollow] = useState<number | null>(null);
  const [call, setCall] = useState<number | null>(null);
  const refresh = useCallMutation(contract.insight.refreshBriefing, {
    success: 'AI 沟通摘要已重新生成',
    invalidate: [contract.insight.briefing, contract.insight.labelScore, contract.insight.riskList],
  });
  const b = q.data;
  const option = useMemo(() => (b ? trendOption(b) : null), [b]);
  if (q.isLoading) return <Spin />;
  if (!b) return <Empty description="暂无数据" />;
  if (!b.callCount)
    return <Empty description="暂无数据：该客户还没有完成 AI 分析的通话" data-testid="briefing-empty" />;
  const calls = b.intention.trend.map((p) => ({ value: p.recordingId, label: p.callTime ?? `通话 ${p.recordingId}` }));
  const chosen = call ?? calls.at(-1)?.value ?? null;
  const [churnWord, churnColor] = DIRECTION[b.churn.direction];
  const [intentWord, intentColor] = INTENTION_DIRECTION[b.intention.direction];
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="ai-briefing">
      <Card
        size="small"
        title={
          <Space>
            AI 沟通摘要
            <Tag color={b.source === 'llm' ? 'purple' : 'blue'}>
              {b.source === 'llm' ? `大模型：${b.modelName}` : '内置提取'}
            </Tag>
          </Space>
        }
        extra={
          <Space>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              更新于 {b.builtAt ?? '-'}
            </Typography.Text>
            <Button
              size="small"
              icon={<ReloadOutlined />}
              loading={refresh.isPending}
              onClick={() => refresh.mutate({ clueId })}
              data-testid="briefing-refresh"
            >
              重新生成
            </Button>
          </Space>
        }
      >
        {b.llmError && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 8 }}
            title={`大模型生成失败，已显示内置摘要：${b.llmError}`}
          />
        )}
        <Typography.Paragraph data-testid="briefing-summary" style={{ marginBottom: 12 }}>
          {b.summary}
        </Typography.Paragraph>
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Space orientation="vertical" size={8}>
              <Statistic title="已分析通话" value={b.callCount} suffix="通" />
              <Space>
                <Statistic title="最新意向" value={b.intention.latestName ?? '-'} />
                {intentWord && <Tag color={intentColor}>{intentWord}</Tag>}
              </Space>
              <Space>
                <Statistic title="流失风险" value={b.churn.latest ?? '-'} />
                {churnWord && <Tag color={churnColor}>{churnWord}</Tag>}
              </Space>
              <Space size={4} wrap>
                {scores.data?.map((s) => (
                  <Tag key={s.label} color={s.score >= 50 ? 'gold' : 'default'}>
                    {s.labelName} {s.score}
                  </Tag>
                ))}
              </Space>
            </Space>
          </Col>
          <Col xs={24} md={16}>
            {option && <EChart option={option} style={{ height: 200 }} testId="briefing-trend" />}
          </Col>
        </Row>
        {canWrite && (
          <Space style={{ marginTop: 8 }}>
            <Select
              size="small"
              style={{ width: 220 }}
              value={chosen}
              options={calls}
              onChange={setCall}
              aria-label="选择通话"
            />
            <Button
              size="small"
              type="primary"
              icon={<EditOutlined />}
              disabled={!chosen}
              onClick={() => setFollow(chosen)}
              data-testid="ai-follow"
            >
              AI 写跟进
            </Button>
          </Space>
        )}
      </Card>
      <Row gutter={[12, 12]}>
        {BRIEFING_SECTIONS.map((s) => (
          <Col xs={24} lg={12} key={s}>
            <Section b={b} section={s} />
          </Col>
        ))}
      </Row>
      <RiskCard clueId={clueId} />
      <AiFollowModal recordingId={follow} onClose={() => setFollow(null)} />
    </Space>
  );
}
