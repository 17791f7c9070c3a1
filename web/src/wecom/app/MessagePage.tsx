import { contract } from '@crm/core/contract';
import type { MessageKind } from '@crm/core/contract/notice';
import { Badge, Button, Ellipsis, List, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useCallMutation } from '../../api/hooks';
import { InfiniteList, MobilePage, useCallInfinite } from '../../mobile';

const KINDS: { key: MessageKind; title: string }[] = [
  { key: 'normal', title: '通知' },
  { key: 'ai', title: 'AI 消息' },
];

/** 消息: the user's messages (notices and AI messages); opening one marks it read, 全部已读 marks the list. */
export default function MessagePage() {
  const [kind, setKind] = useState<MessageKind>('normal');
  const query = useCallInfinite(contract.notice.messages, { kind });
  const invalidate = [contract.notice.messages, contract.notice.unreadCounts];
  const read = useCallMutation(contract.notice.setRead, { invalidate });
  const readAll = useCallMutation(contract.notice.setAllRead, { success: '已全部标记为已读', invalidate });
  const [open, setOpen] = useState<number | null>(null);
  return (
    <MobilePage
      title="消息"
      onRefresh={() => query.refetch()}
      right={
        <Button
          size="small"
          fill="none"
          color="primary"
          loading={readAll.isPending}
          onClick={() => readAll.mutate({ kind })}
        >
          全部已读
        </Button>
      }
      tools={
        <Tabs activeKey={kind} onChange={(k) => setKind(k as MessageKind)}>
          {KINDS.map((k) => (
            <Tabs.Tab key={k.key} title={k.title} />
          ))}
        </Tabs>
      }
    >
      <InfiniteList
        testId="message-list"
        query={query}
        rowKey={(m) => m.id}
        renderItem={(m) => (
          <List.Item
            onClick={() => {
              setOpen(open === m.id ? null : m.id);
              if (m.isRead === 0) read.mutate({ ids: [m.id] });
            }}
            prefix={
              m.isRead === 0 ? <Badge content={Badge.dot} /> : <span style={{ width: 8, display: 'inline-block' }} />
            }
            description={
              <>
                {open === m.id ? (
                  <div style={{ whiteSpace: 'pre-wrap' }}>{m.content}</div>
                ) : (
                  <Ellipsis content={m.content} rows={2} />
                )}
                <div className="m-muted">{m.createTime ?? ''}</div>
              </>
            }
          >
            {m.title}
          </List.Item>
        )}
      />
    </MobilePage>
  );
}
