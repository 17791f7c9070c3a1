import { contract } from '@crm/core/contract';
import { ExampleKindName } from '@crm/core/contract/training';
import { Button, DatePicker, Form, Input, Select, Space, Table, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { type RowOf, useCallDownload, useCallMutation, useCallPage } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { ui } from '../../app/ui';
import { AddButton } from '../../components/AddButton';
import { FilterBar, KeywordInput } from '../../components/FilterBar';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';
import { useDraftFilters } from '../../components/useDraftFilters';
import { AssignModal } from '../../features/training/AssignModal';
import { useDeptTree, useUserOptions } from '../../features/training/people';
import { StudyDrawer } from './StudyDrawer';
import { KindTag, StatusTag, statusOptions } from './status';

type Row = RowOf<typeof contract.training.callTrainPage>;
interface Filters extends Record<string, unknown> {
  status?: number;
  kind?: number;
  deptId?: number;
  userId?: number;
  keyword?: string;
}
const invalidate = [contract.training.callTrainPage, contract.training.completion, contract.training.examplePage];

function EditModal({ row, onClose }: { row: Row; onClose: () => void }) {
  const save = useCallMutation(contract.training.rpcUpdCallTrainLog, {
    success: '已保存',
    invalidate,
    onSuccess: onClose,
  });
  return (
    <FormModal<{ title: string; note?: string; deadline: Dayjs }>
      title="编辑培训"
      loading={save.isPending}
      onClose={onClose}
      onSubmit={(v) =>
        save.mutate({ id: row.id, title: v.title, note: v.note, deadline: v.deadline.format('YYYY-MM-DD HH:mm:ss') })
      }
      initialValues={{
        title: row.title,
        note: row.note ?? undefined,
        deadline: row.deadline ? dayjs(row.deadline) : undefined,
      }}
    >
      <Form.Item
        name="title"
        label="培训标题"
        rules={[{ required: true, whitespace: true, message: '请输入培训标题' }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="note" label="培训说明">
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
      <Form.Item name="deadline" label="截止时间" rules={[{ required: true, message: '请选择截止时间' }]}>
        <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}

function TransferModal({ ids, onClose }: { ids: number[]; onClose: () => void }) {
  const people = useUserOptions(true);
  const move = useCallMutation(contract.training.rpcTransferCallTrainLog, {
    success: '已转交',
    invalidate,
    onSuccess: onClose,
  });
  return (
    <FormModal<{ toUserId: number; reason?: string }>
      title={`转交培训（${ids.length} 项）`}
      loading={move.isPending}
      onClose={onClose}
      onSubmit={(v) => move.mutate({ ids, ...v })}
    >
      <Form.Item name="toUserId" label="接收人" rules={[{ required: true, message: '请选择接收人' }]}>
        <Select showSearch optionFilterProp="label" loading={people.loading} options={people.options} />
      </Form.Item>
      <Form.Item name="reason" label="转交原因">
        <Input maxLength={200} />
      </Form.Item>
    </FormModal>
  );
}

/** 培训管理: the trainings of the session's data scope; edit, transfer, delete one or many, export. */
export function ManageTab() {
  const canEdit = useHasSign('training:edit');
  const bar = useDraftFilters<Filters, Filters>(
    () => list.pager.reset(),
    (d) => ({ ...d, keyword: d.keyword?.trim() || undefined }),
  );
  const list = useCallPage(contract.training.callTrainPage, bar.filters, 'staffTraining');
  const depts = useDeptTree();
  const people = useUserOptions();
  const [selected, setSelected] = useState<number[]>([]);
  const [detail, setDetail] = useState<number | null>(null);
  const [editing, setEditing] = useState<Row | null>(null);
  const [moving, setMoving] = useState<number[] | null>(null);
  const [assigning, setAssigning] = useState(false);
  const removeMany = useCallMutation(contract.training.delTrainList, {
    success: '已删除',
    invalidate,
    onSuccess: () => setSelected([]),
  });
  const exporter = useCallDownload(contract.training.export, { fileName: '员工培训.xlsx' });
  const confirmDelete = (ids: number[]) =>
    ui.modal.confirm({
      title: `确定删除选中的 ${ids.length} 项培训吗？`,
      content: '删除后学习人将不再看到这些培训。',
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: () => removeMany.mutate({ ids }),
    });
  const { draft, patch } = bar;
  const columns: ColumnsType<Row> = [
    { title: '培训', dataIndex: 'title', ellipsis: true },
    { title: '类型', dataIndex: 'sourceName', width: 96 },
    { title: '案例', dataIndex: 'kind', width: 96, render: (v, r) => <KindTag kind={v} name={r.kindName} /> },
    { title: '学习人', dataIndex: 'userName', width: 100, render: (v) => v ?? '-' },
    { title: '部门', dataIndex: 'deptName', width: 110, render: (v) => v ?? '-' },
    { title: '状态', dataIndex: 'status', width: 90, render: (v, r) => <StatusTag status={v} name={r.statusName} /> },
    { title: '截止时间', dataIndex: 'deadline', width: 165 },
    { title: '完成时间', dataIndex: 'completedAt', width: 165, render: (v) => v ?? '-' },
    { title: '学习心得', dataIndex: 'takeaway', ellipsis: true, render: (v) => v ?? '-' },
    {
      title: '操作',
      key: 'op',
      width: 170,
      fixed: 'right',
      render: (_, r) => (
        <Space size={10}>
          <LinkButton onClick={() => setDetail(r.id)}>详情</LinkButton>
          {canEdit && <LinkButton onClick={() => setEditing(r)}>编辑</LinkButton>}
          {canEdit && r.status !== 3 && <LinkButton onClick={() => setMoving([r.id])}>转交</LinkButton>}
          {canEdit && (
            <LinkButton danger onClick={() => confirmDelete([r.id])}>
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
        onReset={bar.reset}
        extra={
          <Space>
            {canEdit && (
              <Button danger disabled={!selected.length} onClick={() => confirmDelete(selected)}>
                批量删除
              </Button>
            )}
            {canEdit && (
              <Button disabled={!selected.length} onClick={() => setMoving(selected)}>
                批量转交
              </Button>
            )}
            <Button
              loading={exporter.isPending}
              onClick={() => exporter.mutate(bar.filters)}
              data-testid="train-export"
            >
              导出
            </Button>
            {canEdit && <AddButton onClick={() => setAssigning(true)}>指派陪练剧本</AddButton>}
          </Space>
        }
      >
        <Select
          allowClear
          placeholder="状态"
          style={{ width: 110 }}
          value={draft.status}
          onChange={(v) => patch({ status: v })}
          options={statusOptions}
        />
        <Select
          allowClear
          placeholder="案例类型"
          style={{ width: 120 }}
          value={draft.kind}
          onChange={(v) => patch({ kind: v })}
          options={Object.entries(ExampleKindName).map(([value, label]) => ({ value: Number(value), label }))}
        />
        <TreeSelect
          allowClear
          placeholder="全部部门"
          style={{ width: 160 }}
          treeDefaultExpandAll
          treeData={depts.tree}
          value={draft.deptId}
          onChange={(v) => patch({ deptId: v ?? undefined })}
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="学习人"
          style={{ width: 130 }}
          value={draft.userId}
          onChange={(v) => patch({ userId: v })}
          options={people.options}
        />
        <KeywordInput of={bar} placeholder="培训标题或剧本" width={160} />
      </FilterBar>
      <Table<Row>
        rowKey="id"
        size="middle"
        scroll={{ x: 1300 }}
        columns={columns}
        rowSelection={
          canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined
        }
        {...list.tableProps}
        data-testid="manage-trainings"
      />
      {detail && <StudyDrawer id={detail} onClose={() => setDetail(null)} />}
      {editing && <EditModal row={editing} onClose={() => setEditing(null)} />}
      {moving && (
        <TransferModal
          ids={moving}
          onClose={() => {
            setMoving(null);
            setSelected([]);
          }}
        />
      )}
      {assigning && <AssignModal onClose={() => setAssigning(false)} />}
    </>
  );
}
