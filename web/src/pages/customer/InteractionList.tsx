import { PhoneOutlined } from '@ant-design/icons';
import { secondsToHMS } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { Interaction } from '@crm/core/contract/interaction';
import { Pagination, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useCallPage } from '../../api/hooks';

const KINDS = [
  { value: 'all', label: '全部' },
  { value: 'follow', label: '跟进' },
  { value: 'call', label: '通话' },
  { value: 'transfer', label: '流转' },
  { value: 'edit', label: '编辑' },
];
const DOT: Record<string, string> = { follow: '#1677ff', call: '#52c41a', transfer: '#fa8c16', edit: '#8c8c8c' };

function Body({ item }: { item: Interaction }) {
  if (item.type === 'follow')
    return (
      <>
        <Space size={4} wrap>
          {item.followWayName && <Tag>{item.followWayName}</Tag>}
          {item.followStatusName && <Tag color="blue">{item.followStatusName}</Tag>}
          {item.followPhaseName && <Tag color="purple">{item.followPhaseName}</Tag>}
          {item.nextFollowTime && <Typography.Text type="secondary">下次跟进：{item.nextFollowTime}</Typography.Text>}
        </Space>
        <div style={{ whiteSpace: 'pre-wrap', marginTop: 4 }}>{item.content}</div>
      </>
    );
  if (item.type === 'call')
    return (
      <Space size={8} wrap>
        <PhoneOutlined />
        <a href={`/callDetail?id=${item.recordId ?? item.id}`} target="_blank" rel="noreferrer" data-testid="call-link">
          查看通话详情
        </a>
        {item.duration ? <span>时长 {secondsToHMS(item.duration)}</span> : null}
        {item.ownerName && <Typography.Text type="secondary">{item.ownerName}</Typography.Text>}
        {item.asrStatusName ? <Tag>{String(item.asrStatusName)}</Tag> : null}
      </Space>
    );
  if (item.type === 'edit' && item.changes?.length)
    return (
      <div>
        {item.changes.map((c) => (
          <div key={c.fieldName}>
            {c.fieldLabel}：
            <Typography.Text delete type="secondary">
              {c.before || '空'}
            </Typography.Text>{' '}
            → {c.after || '空'}
          </div>
        ))}
      </div>
    );
  return (
    <div>
      {item.content}
      {item.transferModeName ? <Tag style={{ marginLeft: 6 }}>{String(item.transferModeName)}</Tag> : null}
    </div>
  );
}

/**
 * The interaction records of a lead (getCustomerInteractionAllList): follow-ups, calls, transfers, edits; refreshed
 * by every write to the lead.
 */
export function InteractionList({ clueId }: { clueId: number }) {
  const [kind, setKind] = useState('all');
  const list = useCallPage(
    contract.interaction.list,
    { clueId, types: kind === 'all' ? undefined : [kind] },
    'customerInteraction',
  );
  const items = list.data?.lists ?? [];
  return (
    <div data-testid="interactions">
      <Segmented
        size="small"
        value={kind}
        onChange={(v) => {
          list.pager.reset();
          setKind(v as string);
        }}
        options={KINDS}
        style={{ marginBottom: 16 }}
      />
      <Spin spinning={list.isFetching}>
        {items.length ? (
          <div className="clue-interactions">
            {items.map((it) => (
              <div
                key={`${it.type}-${it.id}`}
                data-testid="interaction-item"
                style={{ display: 'flex', gap: 12, paddingBottom: 16, position: 'relative' }}
              >
                <div
                  style={{ flex: 'none', width: 10, display: 'flex', flexDirection: 'column', alignItems: 'center' }}
                >
                  <span
                    style={{
                      width: 10,
                      height: 10,
                      marginTop: 6,
                      borderRadius: 5,
                      border: `2px solid ${DOT[it.type] ?? '#bfbfbf'}`,
                      background: '#fff',
                    }}
                  />
                  <span style={{ flex: 1, width: 2, background: '#f0f0f0', marginTop: 4 }} />
                </div>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Space size={8} wrap>
                    <Typography.Text strong>{it.title}</Typography.Text>
                    <Typography.Text type="secondary">{it.time ?? '-'}</Typography.Text>
                    {it.userName && <Typography.Text type="secondary">{it.userName}</Typography.Text>}
                  </Space>
                  <div style={{ marginTop: 4 }}>
                    <Body item={it} />
                  </div>
                </div>
              </div>
            ))}
          </div>
        ) : (
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center', padding: 24 }}>
            暂无数据
          </Typography.Paragraph>
        )}
      </Spin>
      {list.total > list.pager.pageSize && (
        <Pagination size="small" align="end" {...list.pager.tableProps(list.total)} />
      )}
    </div>
  );
}
