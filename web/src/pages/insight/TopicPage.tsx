import { contract } from '@crm/core/contract';
import { Card, Col, Empty, Form, Input, List, Row, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { callApi } from '../../api/client';
import { type RowOf, useCallMutation, useCallPage, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { AddButton } from '../../components/AddButton';
import { EChart } from '../../components/charts';
import { DeleteLink } from '../../components/DeleteLink';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';
import { Cites } from '../../features/insight/Cites';
import { InsightFilterBar, useInsightFilters } from './InsightFilterBar';
import { callsOption } from './insightCharts';

type Topic = NonNullable<ReturnType<typeof useTopics>['data']>[number];
type Hit = RowOf<typeof contract.insight.topicHitPage>;
const useTopics = () => useCallQuery(contract.insight.topicList, undefined);

/** Add or edit a topic: its name, its words (Enter after each) and example sentences. */
function TopicModal({ topic, onClose }: { topic: Topic | 'new'; onClose: (id?: number) => void }) {
  const save = useCallMutation(contract.insight.topicSave, {
    success: '话题已保存',
    invalidate: [contract.insight.topicList, contract.insight.topicTrend, contract.insight.topicHitPage],
    onSuccess: ({ id }) => onClose(id),
  });
  const editing = topic === 'new' ? null : topic;
  return (
    <FormModal<{ name: string; words: string[]; examples: string[] }>
      title={editing ? '编辑话题' : '新建话题'}
      loading={save.isPending}
      initialValues={editing ?? { words: [], examples: [] }}
      onClose={() => onClose()}
      onSubmit={(v) => save.mutate({ ...(editing ? { id: editing.id } : {}), ...v })}
    >
      <Form.Item name="name" label="话题名称" rules={[{ required: true, whitespace: true, message: '请输入话题名称' }]}>
        <Input maxLength={30} placeholder="如：价格敏感" data-testid="topic-name" />
      </Form.Item>
      <Form.Item
        name="words"
        label="关键词（通话中出现任一关键词即计为提及；输入后回车）"
        rules={[{ required: true, type: 'array', min: 1, message: '请至少输入一个关键词' }]}
      >
        <Select
          mode="tags"
          open={false}
          placeholder="如：太贵、优惠、便宜"
          tokenSeparators={[',', '，', '、']}
          data-testid="topic-words"
        />
      </Form.Item>
      <Form.Item name="examples" label="例句（说明这个话题指什么，最多 10 条；输入后回车）">
        <Select mode="tags" open={false} placeholder="如：价格有点贵，能不能再便宜一点" />
      </Form.Item>
    </FormModal>
  );
}

/**
 * /main/customerInsight 话题洞察: the organisation's topics; for the chosen one, its mentions per day (ECharts) and
 * the calls that mention it, each opening the call at the sentence.
 */
export default function TopicPage() {
  const topics = useTopics();
  const canEdit = useHasSign('insight:edit');
  const f = useInsightFilters();
  const [chosen, setChosen] = useState<number | null>(null);
  const [editing, setEditing] = useState<Topic | 'new' | null>(null);
  const current = topics.data?.find((t) => t.id === chosen) ?? topics.data?.[0] ?? null;
  const range = { id: current?.id ?? 0, startDate: f.applied.startDate, endDate: f.applied.endDate };
  const trend = useCallQuery(contract.insight.topicTrend, range, { enabled: !!current });
  const hits = useCallPage(contract.insight.topicHitPage, range, 'customerInsight', { enabled: !!current });
  const option = useMemo(
    () => (trend.data ? callsOption(trend.data.days, trend.data.counts, '提及通话') : null),
    [trend.data],
  );
  const columns = [
    { title: '通话时间', dataIndex: 'callTime', width: 160 },
    { title: '坐席', dataIndex: 'ownerName', width: 90, render: (v: string | null) => v ?? '-' },
    { title: '客户', dataIndex: 'clueName', width: 110, render: (v: string | null) => v || '-' },
    {
      title: '命中',
      dataIndex: 'words',
      width: 160,
      render: (v: string[]) => v.map((w) => <Tag key={w}>{w}</Tag>),
    },
    {
      title: '句子',
      dataIndex: 'sentence',
      render: (v: string, r: Hit) => (
        <Space size={4} wrap>
          <span>{v || '-'}</span>
          <Cites cites={[{ ...r, speaker: '', sentence: v }]} />
        </Space>
      ),
    },
  ];
  return (
    <div className="page-card">
      <InsightFilterBar of={f} extra={canEdit && <AddButton onClick={() => setEditing('new')}>新建话题</AddButton>} />
      <Row gutter={12}>
        <Col xs={24} md={6}>
          <Card size="small" title="话题" data-testid="topic-list">
            <List
              size="small"
              dataSource={topics.data ?? []}
              locale={{ emptyText: '暂无数据' }}
              renderItem={(t) => (
                <List.Item
                  style={{
                    cursor: 'pointer',
                    background: t.id === current?.id ? '#e6f4ff' : undefined,
                    padding: '6px 8px',
                  }}
                  onClick={() => setChosen(t.id)}
                  actions={
                    canEdit
                      ? [
                          <LinkButton key="edit" onClick={() => setEditing(t)}>
                            编辑
                          </LinkButton>,
                          <DeleteLink
                            key="del"
                            title="删除话题"
                            description={`确定删除话题「${t.name}」吗？`}
                            success="话题已删除"
                            onDelete={() => callApi(contract.insight.topicDelete, { id: t.id })}
                            onDone={() => void topics.refetch()}
                          />,
                        ]
                      : []
                  }
                >
                  <Typography.Text strong={t.id === current?.id}>{t.name}</Typography.Text>
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} md={18}>
          {current ? (
            <Space orientation="vertical" size={12} style={{ width: '100%' }}>
              <Card
                size="small"
                title={`「${current.name}」提及趋势`}
                extra={<Statistic value={trend.data?.calls ?? 0} suffix="通通话" valueStyle={{ fontSize: 16 }} />}
              >
                <Space size={4} wrap style={{ marginBottom: 8 }}>
                  {current.words.map((w) => (
                    <Tag key={w} color="blue">
                      {w}
                    </Tag>
                  ))}
                  {current.examples.map((e) => (
                    <Typography.Text key={e} type="secondary" style={{ fontSize: 12 }}>
                      例：{e}
                    </Typography.Text>
                  ))}
                </Space>
                {option && <EChart option={option} style={{ height: 260 }} testId="topic-trend" />}
              </Card>
              <Card size="small" title="提及该话题的通话">
                <Table<Hit> rowKey="recordingId" size="small" columns={columns} {...hits.tableProps} />
              </Card>
            </Space>
          ) : (
            <Card>
              <Empty description="暂无数据：请先新建话题" />
            </Card>
          )}
        </Col>
      </Row>
      {editing && (
        <TopicModal
          topic={editing}
          onClose={(id) => {
            setEditing(null);
            if (id) setChosen(id);
          }}
        />
      )}
    </div>
  );
}
