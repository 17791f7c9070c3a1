import { relativeTime } from '@crm/core';
import { contract } from '@crm/core/contract';
import { REMINDER_SIGNALS, ReminderSignalName, ReminderStatusName } from '@crm/core/contract/insight';
import { Badge, Button, Popconfirm, Select, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { type RowOf, useCallMutation, useCallPage } from '../../api/hooks';
import { openCustomerDetail } from '../../app/detail';
import { navigateTo } from '../../app/navigation';
import { useHasSign } from '../../app/session';
import { FilterBar } from '../../components/FilterBar';
import { LinkButton } from '../../components/LinkButton';
import { useDraftFilters } from '../../components/useDraftFilters';
import { citeHref, openCall } from '../../features/insight/cite';

type Row = RowOf<typeof contract.insight.reminders>;
type Filters = {
  status?: 0 | 1 | 2;
  signal?: (typeof REMINDER_SIGNALS)[number];
};
const STATUS_BADGE = { 0: 'processing', 1: 'success', 2: 'default' } as const;

/** /main/aiBusinessReminder AI 商机提醒: the caller's reminders; open the customer, mark done or ignore. */
export default function ReminderPage() {
  const canSet = useHasSign('insight:edit');
  const bar = useDraftFilters<Filters>(() => list.pager.reset());
  const { draft, patch, filters } = bar;
  const list = useCallPage(contract.insight.reminders, filters, 'aiBusinessReminder');
  const [selected, setSelected] = useState<number[]>([]);
  const handle = useCallMutation(contract.insight.handleReminder, {
    invalidate: [contract.insight.reminders],
    onSuccess: () => setSelected([]),
  });
  const done = (ids: number[], status: 1 | 2) => handle.mutate({ ids, status });
  const columns: ColumnsType<Row> = [
    {
      title: '提醒时间',
      dataIndex: 'remindTime',
      width: 110,
      render: (v: string | null) => <Tooltip title={v}>{relativeTime(v)}</Tooltip>,
    },
    { title: '类型', dataIndex: 'signalName', width: 120 },
    {
      title: '客户',
      dataIndex: 'clueName',
      width: 160,
      render: (v: string, r) => (
        <Typography.Link onClick={() => openCustomerDetail({ clueId: r.clueId })} data-testid="reminder-open">
          {v || r.company || '-'}
          {v && r.company ? `(${r.company})` : ''}
        </Typography.Link>
      ),
    },
    { title: '内容', dataIndex: 'content', ellipsis: true },
    {
      title: '通话',
      dataIndex: 'recordingId',
      width: 80,
      render: (v: number | null, r) =>
        v ? (
          <LinkButton onClick={() => openCall(citeHref({ recordingId: v, segment: -1, startMs: r.startMs ?? 0 }))}>
            查看
          </LinkButton>
        ) : (
          '-'
        ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (v: 0 | 1 | 2, r) => <Badge status={STATUS_BADGE[v]} text={r.statusName} />,
    },
    {
      title: '操作',
      key: 'op',
      width: 120,
      render: (_, r) =>
        r.status === 0 ? (
          <Space size={0}>
            <LinkButton onClick={() => done([r.id], 1)} data-testid="reminder-done">
              完成
            </LinkButton>
            <LinkButton onClick={() => done([r.id], 2)}>忽略</LinkButton>
          </Space>
        ) : (
          '-'
        ),
    },
  ];
  return (
    <div className="page-card">
      <FilterBar
        onSearch={bar.search}
        onReset={bar.reset}
        extra={
          <Space>
            <Typography.Text type="secondary">待处理 {list.data?.todo ?? 0} 条</Typography.Text>
            <Popconfirm
              title={`将选中的 ${selected.length} 条提醒标记为已忽略？`}
              disabled={!selected.length}
              onConfirm={() => done(selected, 2)}
            >
              <Button disabled={!selected.length}>批量忽略</Button>
            </Popconfirm>
            <Button disabled={!selected.length} onClick={() => done(selected, 1)}>
              批量完成
            </Button>
            {canSet && <Button onClick={() => navigateTo('/main/aiReminderSettings')}>提醒设置</Button>}
          </Space>
        }
      >
        <Select
          allowClear
          placeholder="提醒类型"
          style={{ width: 150 }}
          value={draft.signal}
          onChange={(v) => patch({ signal: v })}
          options={REMINDER_SIGNALS.map((s) => ({ value: s, label: ReminderSignalName[s] }))}
        />
        <Select
          allowClear
          placeholder="处理状态"
          style={{ width: 120 }}
          value={draft.status}
          onChange={(v) => patch({ status: v })}
          options={Object.entries(ReminderStatusName).map(([v, label]) => ({ value: Number(v), label }))}
        />
      </FilterBar>
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={columns}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (r) => ({ disabled: r.status !== 0 }),
        }}
        {...list.tableProps}
      />
    </div>
  );
}
