import { DislikeOutlined, LikeOutlined } from '@ant-design/icons';
import { type CallAnswer, contract } from '@crm/core/contract';
import { Alert, Button, Card, Empty, Input, List, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useCallMutation } from '../../api/hooks';
import { Highlighted } from './Highlighted';

const k = contract.knowledge;
type Asked = CallAnswer<typeof k.ask>;
type Passage = Asked['passages'][number];

function Source({ p }: { p: Passage }) {
  return (
    <Space size={4} wrap>
      <Tag color="blue">[{p.no}]</Tag>
      <Typography.Text strong>{p.title}</Typography.Text>
      <Tag>{p.baseName}</Tag>
      {p.fileName && <Typography.Text type="secondary">{p.fileName}</Typography.Text>}
      {p.page && <Typography.Text type="secondary">第 {p.page} 页</Typography.Text>}
    </Space>
  );
}

/** Ask the bases (the own and the organisation's): a cited answer or the best passages, and a rating of it. */
export function AskPanel({ base }: { base?: 1 | 2 }) {
  const [question, setQuestion] = useState('');
  const [mode, setMode] = useState<'ask' | 'search'>('ask');
  const [asked, setAsked] = useState<Asked | null>(null);
  const [rated, setRated] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const ask = useCallMutation(k.ask, {
    onSuccess: (a) => {
      setAsked(a);
      setRated(null);
      setComment('');
    },
  });
  const search = useCallMutation(k.search, {
    onSuccess: (a) => {
      setAsked({
        questionId: 0,
        mode: 'passages',
        answer: null,
        notice: null,
        passages: a.passages.map((p, i) => ({ ...p, no: i + 1 })),
      });
      setRated(null);
    },
  });
  const rate = useCallMutation(k.feedbackSave, { success: '感谢评价', onSuccess: () => {} });
  const submit = () => {
    const q = question.trim();
    if (!q) return;
    if (mode === 'ask') ask.mutate({ question: q, base });
    else search.mutate({ question: q, base, limit: 5 });
  };
  const words = asked?.passages.flatMap((p) => p.matched) ?? [];
  return (
    <Card size="small" title="向知识库提问" data-testid="knowledge-ask" style={{ marginBottom: 16 }}>
      <Space.Compact style={{ width: '100%' }}>
        <Segmented
          value={mode}
          onChange={(v) => setMode(v as 'ask' | 'search')}
          options={[
            { value: 'ask', label: '提问' },
            { value: 'search', label: '搜索' },
          ]}
          style={{ marginRight: 8 }}
        />
        <Input
          value={question}
          maxLength={200}
          placeholder="例如：试听课收费吗？客户说太贵怎么回应？"
          onChange={(e) => setQuestion(e.target.value)}
          onPressEnter={submit}
          data-testid="knowledge-question"
        />
        <Button type="primary" loading={ask.isPending || search.isPending} onClick={submit} disabled={!question.trim()}>
          {mode === 'ask' ? '提问' : '搜索'}
        </Button>
      </Space.Compact>
      {asked && (
        <div style={{ marginTop: 16 }} data-testid="knowledge-answer">
          {asked.notice && (
            <Alert
              type={asked.mode === 'none' ? 'warning' : 'info'}
              showIcon
              title={asked.notice}
              style={{ marginBottom: 12 }}
            />
          )}
          {asked.answer && (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', fontSize: 15 }} data-testid="knowledge-llm-answer">
              {asked.answer}
            </Typography.Paragraph>
          )}
          {asked.passages.length ? (
            <List
              size="small"
              header={asked.answer ? '引用的知识' : '最相关的知识'}
              dataSource={asked.passages}
              renderItem={(p) => (
                <List.Item data-testid="knowledge-passage">
                  <Space orientation="vertical" size={4} style={{ width: '100%' }}>
                    <Source p={p} />
                    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                      <Highlighted text={p.text} words={asked.answer ? [] : words} />
                    </Typography.Paragraph>
                  </Space>
                </List.Item>
              )}
            />
          ) : (
            asked.mode !== 'none' && <Empty description="暂无数据" />
          )}
          {asked.questionId > 0 && (
            <Space style={{ marginTop: 12 }} wrap>
              <Typography.Text type="secondary">这个回答有用吗？</Typography.Text>
              <Button
                size="small"
                icon={<LikeOutlined />}
                type={rated === 1 ? 'primary' : 'default'}
                onClick={() => {
                  setRated(1);
                  rate.mutate({ questionId: asked.questionId, useful: 1 });
                }}
              >
                有用
              </Button>
              <Input
                size="small"
                style={{ width: 240 }}
                maxLength={500}
                placeholder="哪里不对？（选填）"
                value={comment}
                onChange={(e) => setComment(e.target.value)}
              />
              <Button
                size="small"
                danger={rated === 2}
                icon={<DislikeOutlined />}
                onClick={() => {
                  setRated(2);
                  rate.mutate({ questionId: asked.questionId, useful: 2, comment: comment || undefined });
                }}
              >
                没用
              </Button>
            </Space>
          )}
        </div>
      )}
    </Card>
  );
}
