import { contract } from '@crm/core/contract';
import { PracticeSourceName } from '@crm/core/contract/practice';
import { Alert, Descriptions, Empty, Progress, Spin, Table, Tag, Typography } from 'antd';
import { useCallQuery } from '../../api/hooks';

const SOURCE = PracticeSourceName as Record<string, string>;

/** The review of one session: total against the pass line, each stage and scoring point, forbidden words, replay. */
export function ReviewView({ sessionId }: { sessionId: number }) {
  const q = useCallQuery(contract.chatScriptTrainingSession.review, { sessionId });
  if (q.isLoading) return <Spin />;
  const r = q.data;
  if (!r) return <Empty description="暂无数据" />;
  return (
    <div data-testid="practice-review">
      <Descriptions size="small" column={3} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="陪练脚本">{r.scriptName}</Descriptions.Item>
        <Descriptions.Item label="陪练人">{r.userName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="状态">{r.statusName}</Descriptions.Item>
        <Descriptions.Item label="开始时间">{r.startedAt}</Descriptions.Item>
        <Descriptions.Item label="时长">{Math.ceil(r.durationSeconds / 60)} 分钟</Descriptions.Item>
        <Descriptions.Item label="得分">
          <Typography.Text strong data-testid="practice-total">
            {r.totalScore}
          </Typography.Text>{' '}
          / 及格线 {r.passScore} {r.passed ? <Tag color="success">及格</Tag> : <Tag color="error">未及格</Tag>}
        </Descriptions.Item>
      </Descriptions>
      {r.status === 1 && (
        <Alert type="info" showIcon title="陪练进行中：以下为当前的预览评分" style={{ marginBottom: 12 }} />
      )}
      <Typography.Title level={5}>阶段得分</Typography.Title>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', marginBottom: 16 }}>
        {r.stages.map((s) => (
          <div key={s.stage} style={{ width: 140 }}>
            <div>
              {s.stageName} {s.reached ? '' : <Tag>未进入</Tag>}
            </div>
            <Progress percent={s.score ? Math.round((s.earned / s.score) * 100) : 0} size="small" />
            <Typography.Text type="secondary">
              {s.earned} / {s.score} 分
            </Typography.Text>
          </div>
        ))}
      </div>
      <Typography.Title level={5}>评分点</Typography.Title>
      <Table
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={r.points}
        locale={{ emptyText: '暂无数据' }}
        columns={[
          { title: '评分点', dataIndex: 'name', width: 140 },
          { title: '阶段', dataIndex: 'stageName', width: 90 },
          { title: '得分', width: 90, render: (_, p) => `${p.earned} / ${p.score}` },
          {
            title: '依据',
            render: (_, p) =>
              p.hit ? (
                <span>
                  <Tag color="success">做到</Tag>
                  {p.evidence}
                </span>
              ) : (
                <span>
                  <Tag color="warning">未做到</Tag>
                  {p.suggestion}
                </span>
              ),
          },
        ]}
      />
      {r.forbidden.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title={`说了禁用词（每个扣 ${r.forbidden[0].penalty} 分）`}
          description={r.forbidden.map((f) => `「${f.word}」：${f.sentence}`).join('；')}
        />
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        对话回放
      </Typography.Title>
      <div data-testid="practice-replay">
        {r.turns.map((t) => (
          <div key={t.seq} style={{ textAlign: t.speaker === 'agent' ? 'right' : 'left', margin: '6px 0' }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t.speaker === 'agent'
                ? t.via === 2
                  ? '我（语音）'
                  : '我'
                : `客户${t.source ? `（${SOURCE[t.source] ?? t.source}）` : ''}`}
            </Typography.Text>
            <div>{t.text}</div>
            {t.fallback && <Typography.Text type="warning">{t.fallback}</Typography.Text>}
          </div>
        ))}
      </div>
    </div>
  );
}
