import { type CallAnswer, contract } from '@crm/core/contract';
import { Alert, Button, Col, Drawer, Empty, List, Row, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { showSuccess } from '../../app/ui';
import { ChatBubbles } from './ChatBubbles';

type Analysis = CallAnswer<typeof contract.msg.chatAnalyzeDetail>;
type Quoted = Analysis['keyMoments'][number] | Analysis['violations'][number];

function Findings({
  title,
  items,
  color,
  onOpen,
}: {
  title: string;
  items: Quoted[];
  color: string;
  onOpen: (id: number) => void;
}) {
  if (!items.length) return null;
  return (
    <List
      size="small"
      header={<b>{title}</b>}
      dataSource={items}
      renderItem={(q) => (
        <List.Item
          style={{ cursor: q.messageId ? 'pointer' : undefined }}
          onClick={() => q.messageId && onOpen(q.messageId)}
          data-testid="chat-finding"
        >
          <Space direction="vertical" size={0}>
            <Space>
              <Tag color={color}>{q.label}</Tag>
              <Typography.Text type="secondary">
                {q.sender} {q.time}
              </Typography.Text>
            </Space>
            <span>
              「<mark className="chat-hit">{q.quote}</mark>」{q.detail !== q.quote ? q.detail : ''}
            </span>
          </Space>
        </List.Item>
      )}
    />
  );
}

function AnalysisPanel({ chatId, onOpen }: { chatId: number; onOpen: (id: number) => void }) {
  const q = useCallQuery(contract.msg.chatAnalyzeDetail, { chatId });
  const refresh = useCallMutation(contract.msg.chatAnalyzeDetail, {
    invalidate: [contract.msg.chatAnalyzeDetail, contract.msg.chatList],
  });
  const d = q.data;
  if (q.isLoading) return <Spin />;
  return (
    <div data-testid="chat-analysis">
      <Space style={{ marginBottom: 8 }}>
        <b>AI 分析</b>
        <Button size="small" loading={refresh.isPending} onClick={() => refresh.mutate({ chatId, refresh: 1 })}>
          {d?.status ? '重新分析' : '立即分析'}
        </Button>
      </Space>
      {!d?.status ? (
        <Empty description="暂无分析（新消息到达后自动分析）" />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            分析于 {d.analysedAt}，共 {d.msgCount} 条消息
          </Typography.Text>
          <div>
            意向：<Tag color="blue">{d.intentionName ?? '-'}</Tag>
            {d.intentionDegree != null && <span>意向度 {d.intentionDegree}</span>}
            {d.complaint && <Tag color="red">潜在投诉</Tag>}
          </div>
          {d.summary && <Alert type="info" message="摘要" description={d.summary} />}
          <Findings title="关键时刻" items={d.keyMoments} color="gold" onOpen={onOpen} />
          <Findings title="员工违规" items={d.violations} color="red" onOpen={onOpen} />
          <Findings title="投诉依据" items={d.complaintQuotes} color="volcano" onOpen={onOpen} />
          <Findings title="意向依据" items={d.intentionQuotes} color="blue" onOpen={onOpen} />
        </Space>
      )}
    </div>
  );
}

/** One chat: its messages like WeChat (opened at a message when given), its AI analysis and a /we share link. */
export function ChatDrawer({
  chatId,
  aroundId,
  words,
  onClose,
}: {
  chatId: number;
  aroundId?: number | null;
  words?: string[];
  onClose: () => void;
}) {
  const [focus, setFocus] = useState<number | null>(aroundId ?? null);
  const [beforeId, setBeforeId] = useState<number | undefined>();
  const q = useCallQuery(contract.msg.msgList, {
    chatId,
    limit: 100,
    ...(focus ? { aroundId: focus } : {}),
    ...(beforeId ? { beforeId } : {}),
  });
  const share = useCallMutation(contract.msg.shareChat, {
    onSuccess: (a) => {
      const url = `${window.location.origin}${a.path}`;
      navigator.clipboard?.writeText(url).catch(() => {});
      showSuccess(`分享链接已复制，有效期至 ${a.expireTime}`);
    },
  });
  const chat = q.data?.chat;
  return (
    <Drawer
      open
      size={1100}
      destroyOnHidden
      onClose={onClose}
      title={chat ? `${chat.staffName} ↔ ${chat.customerName}（${chat.channelName}）` : '会话'}
      extra={
        <Button onClick={() => share.mutate({ chatId })} loading={share.isPending}>
          分享
        </Button>
      }
    >
      <Row gutter={16}>
        <Col span={14}>
          {q.isLoading ? (
            <Spin />
          ) : (
            <ChatBubbles
              messages={q.data?.messages ?? []}
              focusId={focus}
              words={words}
              header={
                q.data?.hasMore ? (
                  <div style={{ textAlign: 'center' }}>
                    <Button
                      size="small"
                      type="link"
                      onClick={() => {
                        setFocus(null);
                        setBeforeId(q.data?.messages[0]?.id);
                      }}
                    >
                      查看更早的消息
                    </Button>
                  </div>
                ) : null
              }
            />
          )}
        </Col>
        <Col span={10}>
          <AnalysisPanel
            chatId={chatId}
            onOpen={(id) => {
              setBeforeId(undefined);
              setFocus(id);
            }}
          />
        </Col>
      </Row>
    </Drawer>
  );
}
