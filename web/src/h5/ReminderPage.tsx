import { contract } from '@crm/core/contract';
import { ReminderStatusName } from '@crm/core/contract/insight';
import { Button, CapsuleTabs, Ellipsis, List, Space, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCallMutation } from '../api/hooks';
import { InfiniteList, MobilePage, useCallInfinite } from '../mobile';
import { callPath } from './paths';

const STATUSES = [0, 1, 2] as const;
type Status = (typeof STATUSES)[number];

/**
 * AI 商机提醒 (/aiBusinessReminderH5): the desktop's reminders (insight.reminders) by state; a to-do one is marked
 * 完成 or 忽略, one with a call opens that call's analysis.
 */
export default function ReminderPage() {
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status>(0);
  const query = useCallInfinite(contract.insight.reminders, { status });
  const handle = useCallMutation(contract.insight.handleReminder, {
    success: '已处理',
    invalidate: [contract.insight.reminders],
  });
  return (
    <MobilePage
      title="AI 商机提醒"
      onRefresh={() => query.refetch()}
      tools={
        <CapsuleTabs activeKey={String(status)} onChange={(k) => setStatus(Number(k) as Status)}>
          {STATUSES.map((s) => (
            <CapsuleTabs.Tab key={String(s)} title={ReminderStatusName[s]} />
          ))}
        </CapsuleTabs>
      }
    >
      <InfiniteList
        testId="reminder-list"
        query={query}
        rowKey={(r) => r.id}
        renderItem={(r) => (
          <List.Item
            arrowIcon={r.recordingId != null}
            onClick={r.recordingId != null ? () => navigate(callPath(r.recordingId as number)) : undefined}
            extra={<Tag color="warning">{r.signalName}</Tag>}
            description={
              <Space direction="vertical" style={{ '--gap': '4px' }}>
                <Ellipsis content={r.content} rows={2} />
                <span className="m-muted">
                  {r.clueName}
                  {r.company ? ` · ${r.company}` : ''} · {r.remindTime ?? r.createTime ?? ''}
                </span>
                {r.status === 0 && (
                  <Space onClick={(e) => e.stopPropagation()}>
                    <Button size="small" color="primary" onClick={() => handle.mutate({ ids: [r.id], status: 1 })}>
                      完成
                    </Button>
                    <Button size="small" onClick={() => handle.mutate({ ids: [r.id], status: 2 })}>
                      忽略
                    </Button>
                  </Space>
                )}
              </Space>
            }
          >
            {r.title}
          </List.Item>
        )}
      />
    </MobilePage>
  );
}
