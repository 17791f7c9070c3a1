import type { AppMessage, Page } from '@crm/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, List, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../api/client';
import { openCustomerDetail } from '../app/detail';
import { showError } from '../app/ui';
import { useBusy } from '../components/useBusy';
import { markRead, noticeStore, useNotices } from './store';

interface Row extends AppMessage {
  isRead: 0 | 1;
  createTime: string;
}

function MessageList({ kind }: { kind: 'normal' | 'ai' }) {
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: ['appNotice', kind],
    queryFn: () => api.backend.post<Page<Row>>('/appNotice/list', { pageNum: 1, pageSize: 20, kind }, { silent: true }),
  });
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
              void qc.invalidateQueries({ queryKey: ['appNotice', kind] });
            }
            const clueId = m.param?.clueInfo?.clueId;
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
  const qc = useQueryClient();
  const counts = useNotices();
  const [kind, setKind] = useState<'normal' | 'ai'>('normal');
  const [marking, run] = useBusy();
  return (
    <div style={{ width: 360 }} data-testid="notice-panel">
      <Tabs
        size="small"
        activeKey={kind}
        onChange={(k) => setKind(k as 'normal' | 'ai')}
        tabBarExtraContent={
          <Button
            type="link"
            size="small"
            loading={marking}
            onClick={() =>
              run(async () => {
                try {
                  noticeStore.setCounts(await api.backend.post('/appNotice/setAllRead', { kind }, { silent: true }));
                  void qc.invalidateQueries({ queryKey: ['appNotice'] });
                } catch {
                  showError('全部已读失败，请稍后重试');
                }
              })
            }
          >
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
