import { IntentionLabel } from '@crm/core';
import { contract } from '@crm/core/contract';
import { ChatChannelName, type KeyMoment, KeyMomentName } from '@crm/core/contract/conversation';
import { Input, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { type RowOf, useCallPage, useCallQuery } from '../../api/hooks';
import { FilterBar, KeywordInput } from '../../components/FilterBar';
import { LinkButton } from '../../components/LinkButton';
import { useDraftFilters } from '../../components/useDraftFilters';
import { highlighted } from '../../features/conversation/ChatBubbles';
import { ChatDrawer } from '../../features/conversation/ChatDrawer';
import { ArchiveStatusBar } from './ArchiveStatusBar';
import { UploadExport } from './UploadExport';

type Chat = RowOf<typeof contract.msg.chatList>;
type Hit = RowOf<typeof contract.msg.searchMsg>;
interface Filters extends Record<string, unknown> {
  keyword?: string;
  channel?: 1 | 2;
}
interface Opened {
  chatId: number;
  aroundId?: number;
  words?: string[];
}
const channelOptions = Object.entries(ChatChannelName).map(([v, l]) => ({ value: Number(v), label: l }));

function ChatList({ open }: { open: (o: Opened) => void }) {
  const bar = useDraftFilters<Filters, Filters>(
    () => list.pager.reset(),
    (d) => ({ ...d, keyword: d.keyword?.trim() || undefined }),
  );
  const list = useCallPage(contract.msg.chatList, bar.filters, 'chatList');
  const columns: ColumnsType<Chat> = [
    { title: '员工', dataIndex: 'staffName', width: 120 },
    { title: '负责人', dataIndex: 'ownerName', width: 100, render: (v) => v ?? '-' },
    { title: '客户', dataIndex: 'customerName', width: 140 },
    { title: '渠道', dataIndex: 'channelName', width: 90, render: (v) => <Tag>{v}</Tag> },
    { title: '最后消息', dataIndex: 'lastMsg', ellipsis: true },
    { title: '时间', dataIndex: 'lastMsgTime', width: 170 },
    { title: '消息数', dataIndex: 'msgCount', width: 80 },
    {
      title: 'AI',
      key: 'ai',
      width: 220,
      render: (_, r) => (
        <Space size={4} wrap>
          {r.intention && <Tag color="blue">{IntentionLabel[r.intention as keyof typeof IntentionLabel]}</Tag>}
          {r.keyMoments.map((k) => (
            <Tag key={k} color="gold">
              {KeyMomentName[k as KeyMoment] ?? k}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 80,
      render: (_, r) => <LinkButton onClick={() => open({ chatId: r.id })}>查看</LinkButton>,
    },
  ];
  return (
    <>
      <FilterBar onSearch={bar.search} extra={<UploadExport />}>
        <KeywordInput of={bar} placeholder="客户、员工或消息" width={200} />
        <Select
          allowClear
          placeholder="渠道"
          style={{ width: 120 }}
          value={bar.draft.channel}
          onChange={(v) => bar.patch({ channel: v })}
          options={channelOptions}
        />
      </FilterBar>
      <Table<Chat> rowKey="id" size="middle" columns={columns} {...list.tableProps} />
    </>
  );
}

function MessageSearch({ open }: { open: (o: Opened) => void }) {
  const [keyword, setKeyword] = useState('');
  const filters = { keyword };
  const enabled = keyword.length > 0;
  const count = useCallQuery(contract.msg.searchChatCount, { keyword }, { enabled });
  const hits = useCallPage(contract.msg.searchMsg, filters, 'searchMsg', { enabled });
  const columns: ColumnsType<Hit> = [
    { title: '时间', dataIndex: 'time', width: 170 },
    { title: '员工', dataIndex: 'staffName', width: 110 },
    { title: '客户', dataIndex: 'customerName', width: 120 },
    { title: '发送人', dataIndex: 'sender', width: 110 },
    {
      title: '内容',
      dataIndex: 'content',
      render: (v, r) => (
        <span data-testid="search-hit">{highlighted(r.transcript || v || r.mediaName || '', r.words)}</span>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 90,
      render: (_, r) => (
        <LinkButton onClick={() => open({ chatId: r.chatId, aroundId: r.id, words: r.words })}>定位</LinkButton>
      ),
    },
  ];
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="搜索全部消息"
          style={{ width: 320 }}
          maxLength={50}
          enterButton="搜索"
          data-testid="msg-search"
          onSearch={(v) => {
            setKeyword(v.trim());
            hits.pager.reset();
          }}
        />
        {enabled && count.data && (
          <Typography.Text data-testid="search-count">
            匹配 {count.data.chatCount} 个会话，{count.data.messageCount} 条消息
          </Typography.Text>
        )}
      </Space>
      {enabled ? (
        <Table<Hit> rowKey="id" size="middle" columns={columns} {...hits.tableProps} />
      ) : (
        <Typography.Text type="secondary">输入关键词搜索所有可见会话的消息（支持中文分词）</Typography.Text>
      )}
    </>
  );
}

/** /sessionArchive 会话存档: every chat whatever its channel, message search, and one chat with its AI analysis. */
export default function SessionArchivePage() {
  const [opened, setOpened] = useState<Opened | null>(null);
  return (
    <div className="page-card">
      <ArchiveStatusBar />
      <Tabs
        items={[
          { key: 'chats', label: '会话列表', children: <ChatList open={setOpened} /> },
          { key: 'search', label: '消息搜索', children: <MessageSearch open={setOpened} /> },
        ]}
      />
      {opened && (
        <ChatDrawer
          key={`${opened.chatId}:${opened.aroundId ?? ''}`}
          chatId={opened.chatId}
          aroundId={opened.aroundId}
          words={opened.words}
          onClose={() => setOpened(null)}
        />
      )}
    </div>
  );
}
