import type { MessageKind } from '@crm/core/contract/notice';
import { notice as noticeCalls } from '@crm/core/contract/notice';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, List, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { keyOf, type RowOf, useCallMutation, useCallQuery } from '../api/hooks';
import { openCustomerDetail } from '../app/detail';
import { markRead, noticeStore, useNotices } from './store';

type Row = RowOf<typeof noticeCalls.messages>;

function MessageList({ kind }: { kind: MessageKind }) {
  const qc = useQueryClient();
  const input = { pageNum: 1, pageSize: 20, kind } as const;
  const list = useCallQuery(noticeCalls.messages, input, { silent: true });
  return (
    <List<Row>
      size="small"
      loading={list.isFetching}
      dataSource={list.data?.lists ?? []}
      style={{ maxHeight: 360, overflow: 'auto' }}
      locale={
        list.isError && !list.isFetching
          ? {
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={
                    <span>
                      消息加载失败{' '}
                      <Button type="link" size="small" onClick={() => void list.refetch()}>
                        重试
                      </Button>
                    </span>
                  }
                />
              ),
            }
          : undefined
      }
      renderItem={(m) => (
        <List.Item
          style={{ cursor: 'pointer', alignItems: 'flex-start' }}
          onClick={async () => {
            if (!m.isRead) {
              await markRead([m.id], kind === 'ai');
              void qc.invalidateQueries({ queryKey: keyOf(noticeCalls.messages, input) });
            }
            // an AI message is about one call: it opens that call's detail with its AI panel
            const recordingId = Number(m.param.recordingId);
            if (kind === 'ai' && recordingId > 0) {
              // not 'noopener': the new tab must get a copy of this tab's session (sessionStorage); the link is cut after
              const tab = window.open(`/callDetail?id=${recordingId}`, '_blank');
              if (tab) tab.opener = null;
              return;
            }
            const clueId = m.param.clueInfo?.clueId;
            if (clueId !== undefined && clueId !== null) openCustomerDetail({ clueId });
          }}
        >
          <List.Item.Meta
            avatar={<Badge status={m.isRead ? 'default' : 'error'} />}
            title={<Typography.Text strong={!m.isRead}>{m.title || '系统消息'}</Typography.Text>}
            description={
              <>
                {m.content && (
                  <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                    {m.content}
                  </Typography.Paragraph>
                )}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {m.createTime}
                </Typography.Text>
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}

/** The header's message panel: the normal and AI lists (msgType routing), read on click, 全部已读. */
export default function NoticePanel() {
  const counts = useNotices();
  const [kind, setKind] = useState<MessageKind>('normal');
  const markAll = useCallMutation(noticeCalls.setAllRead, {
    invalidate: [noticeCalls.messages],
    onSuccess: (unread) => noticeStore.setCounts(unread),
  });
  return (
    <div style={{ width: 360 }} data-testid="notice-panel">
      <Tabs
        size="small"
        activeKey={kind}
        onChange={(k) => setKind(k as MessageKind)}
        tabBarExtraContent={
          <Button type="link" size="small" loading={markAll.isPending} onClick={() => markAll.mutate({ kind })}>
            全部已读
          </Button>
        }
        items={[
          { key: 'normal', label: `消息（${counts.unreadCount}）`, children: <MessageList kind="normal" /> },
          { key: 'ai', label: `AI 消息（${counts.aiUnreadCount}）`, children: <MessageList kind="ai" /> },
        ]}
      />
    </div>
  );
}
