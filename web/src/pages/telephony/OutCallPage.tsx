import { PhoneOutlined } from '@ant-design/icons';
import { CallStatus, CallTaskStatus, durationHms } from '@crm/core';
import { contract } from '@crm/core/contract';
import { Badge, Button, Drawer, Form, InputNumber, Progress, Select, Space, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { type RowOf, useCallDownload, useCallMutation, useCallPage, useCallQuery } from '../../api/hooks';
import { useHasSign, useUser } from '../../app/session';
import { ui } from '../../app/ui';
import { AddButton } from '../../components/AddButton';
import { FilterBar, KeywordInput } from '../../components/FilterBar';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';
import { useDraftFilters } from '../../components/useDraftFilters';
import { STATUS_COLOR } from '../../features/telephony/useCallStatus';
import { CallWorkbench } from './CallWorkbench';
import { DialPad } from './DialPad';
import { opts } from './options';
import { TaskModal } from './TaskModal';

type TaskRow = RowOf<typeof contract.telephony.taskList>;
const t = contract.telephony;
const TASK_BADGE = { 1: 'processing', 2: 'default', 3: 'success' } as const;

function LeadsDrawer({ task, onClose }: { task: TaskRow; onClose: () => void }) {
  const [callStatus, setCallStatus] = useState<number | undefined>();
  const leads = useCallPage(t.taskLeads, { taskId: task.id, callStatus }, 'calltask-leads');
  const detail = useCallQuery(t.taskDetail, { id: task.id }, { refetchInterval: task.status === 1 ? 5000 : false });
  const d = detail.data ?? task;
  return (
    <Drawer open size={820} title={`任务客户 · ${task.name}`} onClose={onClose} destroyOnHidden>
      <Space size={24} wrap style={{ display: 'flex', marginBottom: 16 }} data-testid="task-progress">
        <span>总数 {d.total}</span>
        <span>已拨打 {d.dialed}</span>
        <span>已接通 {d.answered}</span>
        <span>未接通 {d.missed}</span>
        <span>平均通话 {durationHms(d.avgTalkSeconds)}</span>
      </Space>
      <Select
        allowClear
        placeholder="通话状态"
        style={{ width: 140, marginBottom: 12 }}
        value={callStatus}
        onChange={setCallStatus}
        options={opts(CallStatus)}
      />
      <Table
        rowKey="id"
        size="small"
        columns={[
          { title: '客户', dataIndex: 'name' },
          { title: '号码', dataIndex: 'phone', width: 140 },
          { title: '坐席', dataIndex: 'assignedUserName', width: 100, render: (v) => v || '-' },
          {
            title: '通话状态',
            dataIndex: 'callStatus',
            width: 100,
            render: (v, r) => <Tag color={STATUS_COLOR[v]}>{r.skipped ? '已跳过' : r.callStatusName}</Tag>,
          },
          { title: '拨打次数', dataIndex: 'attempts', width: 90 },
          { title: '最近拨打', dataIndex: 'lastCallAt', width: 170, render: (v) => v || '-' },
        ]}
        {...leads.tableProps}
      />
    </Drawer>
  );
}

function TaskList() {
  const me = useUser();
  const canEdit = useHasSign('calltask:edit');
  const canCall = useHasSign('call:out');
  const bar = useDraftFilters<{ keyword?: string; status?: number }, { keyword?: string; status?: number }>(
    () => list.pager.reset(),
    (d) => ({ ...d, keyword: d.keyword?.trim() || undefined }),
  );
  const list = useCallPage(t.taskList, bar.filters, 'calltask', {
    refetchInterval: (rows) => (rows.some((r) => r.status === 1) ? 10_000 : false),
  });
  const [creating, setCreating] = useState(false);
  const [leadsOf, setLeadsOf] = useState<TaskRow | null>(null);
  const [working, setWorking] = useState<TaskRow | null>(null);
  const status = useCallMutation(t.taskStatus, { invalidate: [t.taskList] });
  const remove = useCallMutation(t.taskDelete, { success: '已删除', invalidate: [t.taskList] });
  const change = (r: TaskRow, to: 1 | 2 | 3, label: string) =>
    ui.modal.confirm({
      title: `${label}「${r.name}」？`,
      content: to === 3 ? '结束后任务不能再开始，未拨打的客户将不再分配。' : undefined,
      okText: label,
      cancelText: '取消',
      onOk: () => status.mutate({ id: r.id, status: to }),
    });
  const columns: ColumnsType<TaskRow> = [
    { title: '任务名称', dataIndex: 'name' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (v: keyof typeof TASK_BADGE, r) => <Badge status={TASK_BADGE[v]} text={r.statusName} />,
    },
    { title: '坐席', dataIndex: 'seatNames', render: (v: string[]) => v.join('、') },
    {
      title: '进度',
      key: 'progress',
      width: 200,
      render: (_, r) => (
        <Space orientation="vertical" size={0} style={{ width: '100%' }}>
          <Progress percent={r.total ? Math.round((r.dialed / r.total) * 100) : 0} size="small" />
          <span style={{ fontSize: 12 }}>
            已拨 {r.dialed}/{r.total} · 接通 {r.answered} · 未接通 {r.missed}
          </span>
        </Space>
      ),
    },
    { title: '平均通话', dataIndex: 'avgTalkSeconds', width: 100, render: (v) => durationHms(v) },
    { title: '创建人', dataIndex: 'creatorName', width: 90 },
    { title: '创建时间', dataIndex: 'createdAt', width: 170 },
    {
      title: '操作',
      key: 'op',
      width: 260,
      render: (_, r) => (
        <Space size={4} wrap>
          {canCall && r.status === 1 && me && r.seatUserIds.includes(me.userId) && (
            <LinkButton onClick={() => setWorking(r)} data-testid="work-task">
              开始外呼
            </LinkButton>
          )}
          <LinkButton onClick={() => setLeadsOf(r)}>客户</LinkButton>
          {canEdit && r.status === 2 && (
            <LinkButton onClick={() => change(r, 1, r.startedAt ? '继续' : '开始')}>
              {r.startedAt ? '继续' : '开始'}
            </LinkButton>
          )}
          {canEdit && r.status === 1 && <LinkButton onClick={() => change(r, 2, '暂停')}>暂停</LinkButton>}
          {canEdit && r.status !== 3 && <LinkButton onClick={() => change(r, 3, '结束')}>结束</LinkButton>}
          {canEdit && r.status !== 1 && (
            <LinkButton
              danger
              onClick={() =>
                ui.modal.confirm({
                  title: `删除任务「${r.name}」？`,
                  okText: '删除',
                  okButtonProps: { danger: true },
                  cancelText: '取消',
                  onOk: () => remove.mutate({ id: r.id }),
                })
              }
            >
              删除
            </LinkButton>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <FilterBar
        onSearch={bar.search}
        extra={canEdit && <AddButton onClick={() => setCreating(true)}>新建任务</AddButton>}
      >
        <Select
          allowClear
          placeholder="任务状态"
          style={{ width: 120 }}
          value={bar.draft.status}
          onChange={(v) => bar.patch({ status: v })}
          options={opts(CallTaskStatus)}
        />
        <KeywordInput of={bar} placeholder="任务名称" width={180} />
      </FilterBar>
      <Table<TaskRow> rowKey="id" size="middle" columns={columns} {...list.tableProps} />
      {creating && <TaskModal onClose={() => setCreating(false)} />}
      {leadsOf && <LeadsDrawer task={leadsOf} onClose={() => setLeadsOf(null)} />}
      {working && (
        <CallWorkbench
          task={working}
          onClose={() => {
            setWorking(null);
            void list.refetch();
          }}
        />
      )}
    </>
  );
}

/**
 * The call list's filters given in the page's address (a statistic clicked through to the calls behind it):
 * `?tab=calls&userId=3&status=2&startTime=2026-11-01 00:00:00&endTime=2026-11-27 23:59:59`.
 */
function callsFromQuery() {
  const q = new URLSearchParams(window.location.search);
  const userId = Number(q.get('userId')) || undefined;
  const status = Number(q.get('status')) || undefined;
  return { userId, status, startTime: q.get('startTime') || undefined, endTime: q.get('endTime') || undefined };
}

function CallList() {
  const [given] = useState(callsFromQuery);
  const [status, setStatus] = useState<number | undefined>(given.status);
  const list = useCallPage(t.callList, { ...given, status }, 'call-records');
  const canExport = useHasSign('calltask:edit');
  const download = useCallDownload(t.callExport, { fileName: '通话记录.xlsx' });
  return (
    <>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Select
          allowClear
          placeholder="通话状态"
          style={{ width: 140 }}
          value={status}
          onChange={setStatus}
          options={opts(CallStatus)}
        />
        {canExport && (
          <Button loading={download.isPending} onClick={() => download.mutate({ ...given, status })}>
            导出
          </Button>
        )}
      </Space>
      <Table
        rowKey="callId"
        size="middle"
        columns={[
          { title: '拨打时间', dataIndex: 'createdAt', width: 170 },
          { title: '客户', dataIndex: 'clueName', render: (v) => v || '-' },
          { title: '号码', dataIndex: 'phone', width: 140 },
          { title: '坐席', dataIndex: 'userName', width: 100 },
          { title: '外显号码', dataIndex: 'displayNumber', width: 130, render: (v) => v || '-' },
          {
            title: '状态',
            dataIndex: 'status',
            width: 130,
            render: (v, r) => (
              <Tag color={STATUS_COLOR[v]}>
                {r.statusName}
                {r.ended && r.status !== 2 && r.endReasonName ? `（${r.endReasonName}）` : ''}
              </Tag>
            ),
          },
          { title: '通话时长', dataIndex: 'billableSeconds', width: 100, render: (v) => durationHms(v) },
          {
            title: '录音',
            dataIndex: 'recordingId',
            width: 80,
            render: (v) =>
              v ? (
                <a href={`/callDetail?id=${v}`} target="_blank" rel="noreferrer">
                  听录音
                </a>
              ) : (
                '-'
              ),
          },
        ]}
        {...list.tableProps}
      />
    </>
  );
}

/** /main/outCall 外呼任务: the call tasks (progress, start, pause, end), the calling workbench, the call records. */
export default function OutCallPage() {
  const canCall = useHasSign('call:out');
  const [setting, setSetting] = useState(false);
  const [dialling, setDialling] = useState(false);
  return (
    <div className="page-card">
      {setting && <CallSetModal onClose={() => setSetting(false)} />}
      {dialling && <DialPad onClose={() => setDialling(false)} />}
      <Tabs
        defaultActiveKey={new URLSearchParams(window.location.search).get('tab') ?? 'tasks'}
        tabBarExtraContent={
          canCall && (
            <Space>
              <Button icon={<PhoneOutlined />} onClick={() => setDialling(true)} data-testid="open-dial-pad">
                拨号盘
              </Button>
              <Button onClick={() => setSetting(true)}>我的外呼设置</Button>
            </Space>
          )
        }
        items={[
          { key: 'tasks', label: '外呼任务', children: <TaskList /> },
          { key: 'calls', label: '通话记录', children: <CallList /> },
        ]}
      />
    </div>
  );
}

/** The seat's own call settings (/callset): line, displayed number, seconds before the next lead. */
function CallSetModal({ onClose }: { onClose: () => void }) {
  const current = useCallQuery(t.callSet, undefined);
  const save = useCallMutation(t.saveCallSet, { success: '已保存', invalidate: [t.callSet], onSuccess: onClose });
  const [form] = Form.useForm();
  const lineId = Form.useWatch('lineId', form);
  if (!current.data) return null;
  const lines = current.data.lines;
  const numbers = lines.filter((l) => !lineId || l.id === lineId).flatMap((l) => l.numbers);
  return (
    <FormModal
      title="我的外呼设置"
      form={form}
      loading={save.isPending}
      onClose={onClose}
      initialValues={current.data}
      onSubmit={(v) =>
        save.mutate({
          lineId: v.lineId ?? null,
          displayNumber: v.displayNumber ?? null,
          autoNextSeconds: v.autoNextSeconds ?? 0,
        })
      }
    >
      <Form.Item name="lineId" label="线路" extra="不选则使用坐席的线路">
        <Select allowClear options={lines.map((l) => ({ value: l.id, label: l.name }))} />
      </Form.Item>
      <Form.Item name="displayNumber" label="外显号码" extra="不选则使用坐席或线路的默认号码">
        <Select allowClear options={numbers.map((n) => ({ value: n, label: n }))} />
      </Form.Item>
      <Form.Item name="autoNextSeconds" label="自动下一个（秒）" extra="写完跟进后自动显示下一个客户；0 为不自动">
        <InputNumber min={0} max={600} />
      </Form.Item>
    </FormModal>
  );
}
