import { contract } from '@crm/core/contract';
import type { MessageKind } from '@crm/core/contract/notice';
import { Badge, Button, Ellipsis, List, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useCallMutation } from '../../api/hooks';
import { InfiniteList, MobilePage, useCallInfinite } from '../../mobile';

export interface MessageKindTab {
  key: MessageKind;
  title: string;
}

const KINDS: MessageKindTab[] = [
  { key: 'normal', title: '通知' },
  { key: 'ai', title: 'AI 消息' },
];

/** 消息: the user's messages (notices and AI messages); opening one marks it read, 全部已读 marks the list. */
export default function MessagePage() {
  return <MessageList title="消息" kinds={KINDS} />;
}

/** A list of the user's messages of some kinds (tabs when more than one): the WeCom app's, the H5 risk messages. */
export function MessageList({ title, kinds }: { title: string; kinds: MessageKindTab[] }) {
  const [kind, setKind] = useState<MessageKind>(kinds[0].key);
  const query = useCallInfinite(contract.notice.messages, { kind });
  const invalidate = [contract.notice.messages, contract.notice.unreadCounts];
  const read = useCallMutation(contract.notice.setRead, { invalidate });
  const readAll = useCallMutation(contract.notice.setAllRead, { success: '已全部标记为已读', invalidate });
  const [open, setOpen] = useState<number | null>(null);
  return (
    <MobilePage
      title={title}
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
        kinds.length > 1 && (
          <Tabs activeKey={kind} onChange={(k) => setKind(k as MessageKind)}>
            {kinds.map((k) => (
              <Tabs.Tab key={k.key} title={k.title} />
            ))}
          </Tabs>
        )
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
