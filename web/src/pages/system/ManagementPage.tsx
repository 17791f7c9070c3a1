import { contract } from '@crm/core/contract';
import type { DeptNode } from '@crm/core/contract/shapes';
import { Form, Input, InputNumber, Space, Table, Tabs, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { deptTreeData, useDeptTree, useUserOptions } from '../../api/directory';
import { useCallMutation } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { AddButton } from '../../components/AddButton';
import { actionColumn } from '../../components/actionColumn';
import { DeleteLink } from '../../components/DeleteLink';
import { FormModal } from '../../components/FormModal';
import { KeywordTable } from '../../components/KeywordTable';
import { LinkButton } from '../../components/LinkButton';
import { SearchSelect } from '../../components/SearchSelect';
import type { PositionRow } from '../../features/org/data';

/** What a change to positions makes stale: the list and the position selects (the same call). */
const POSITIONS_CHANGED = [contract.positions.list];

type DeptEdit = { dept: DeptNode | null; parentId?: number | null };

/** The sort number of a department or a position. */
const SortNoItem = () => (
  <Form.Item name="sortNo" label="排序号（越小越靠前）">
    <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
  </Form.Item>
);

/** Leaves without an empty children list, so the tree table shows no expander on them. */
const withoutEmptyChildren = (nodes: DeptNode[]): DeptNode[] =>
  nodes.map((n) =>
    n.children.length
      ? { ...n, children: withoutEmptyChildren(n.children) }
      : ({ ...n, children: undefined } as unknown as DeptNode),
  );

function DeptForm({ edit, onClose }: { edit: DeptEdit; onClose: () => void }) {
  const [form] = Form.useForm();
  const depts = useDeptTree();
  const users = useUserOptions();
  const { dept } = edit;
  const saved = { success: '部门已保存', invalidate: [contract.depts.tree], onSuccess: onClose };
  const save = useCallMutation(contract.depts.save, saved);
  const update = useCallMutation(contract.depts.update, saved);
  const isRoot = dept?.parentId === null;
  // A new department goes under the root unless a parent was chosen.
  useEffect(() => {
    if (!dept && !form.getFieldValue('parentId') && depts.data?.[0]) form.setFieldValue('parentId', depts.data[0].id);
  }, [dept, form, depts.data]);
  return (
    <FormModal
      title={dept ? '编辑部门' : '新增部门'}
      okText="保存"
      form={form}
      loading={save.isPending || update.isPending}
      onClose={onClose}
      onSubmit={(v) => {
        const body = { ...v, leaderUserId: v.leaderUserId ?? null };
        if (dept) update.mutate({ id: dept.id, ...body, parentId: isRoot ? undefined : body.parentId });
        else save.mutate(body);
      }}
      initialValues={
        dept
          ? {
              name: dept.name,
              parentId: dept.parentId,
              sortNo: dept.sortNo,
              leaderUserId: dept.leaderUserId ?? undefined,
            }
          : { parentId: edit.parentId, sortNo: 0 }
      }
    >
      <Form.Item name="name" label="部门名称" rules={[{ required: true, message: '请输入部门名称' }]}>
        <Input maxLength={50} />
      </Form.Item>
      {!isRoot && (
        <Form.Item name="parentId" label="上级部门" rules={[{ required: true, message: '请选择上级部门' }]}>
          <TreeSelect
            treeData={deptTreeData(depts.data)}
            treeDefaultExpandAll
            listHeight={212}
            placeholder="请选择上级部门"
          />
        </Form.Item>
      )}
      <Form.Item name="leaderUserId" label="部门负责人">
        <SearchSelect
          options={(users.data ?? []).map((u) => ({ value: u.id, label: `${u.realName}（${u.username}）` }))}
          placeholder="请选择负责人"
        />
      </Form.Item>
      <SortNoItem />
    </FormModal>
  );
}

function Departments() {
  const canEdit = useHasSign('dept:edit');
  const depts = useDeptTree();
  const [edit, setEdit] = useState<DeptEdit | null>(null);
  const remove = useCallMutation(contract.depts.delete, { invalidate: [contract.depts.tree] });
  const columns: ColumnsType<DeptNode> = [
    { title: '部门名称', dataIndex: 'name' },
    { title: '负责人', dataIndex: 'leaderName', render: (v) => v || '-' },
    { title: '本部门人数', dataIndex: 'userCount' },
    { title: '含下级人数', dataIndex: 'totalUserCount' },
    { title: '排序号', dataIndex: 'sortNo' },
    ...actionColumn(canEdit, 200, (d: DeptNode) => (
      <Space size={12}>
        <LinkButton onClick={() => setEdit({ dept: null, parentId: d.id })}>添加下级</LinkButton>
        <LinkButton onClick={() => setEdit({ dept: d })}>编辑</LinkButton>
        {d.parentId !== null && (
          <DeleteLink
            title="删除部门"
            description={`确定删除「${d.name}」吗？`}
            onDelete={() => remove.mutateAsync({ id: d.id })}
            success="部门已删除"
          />
        )}
      </Space>
    )),
  ];
  return (
    <>
      {canEdit && (
        <AddButton className="page-filters" onClick={() => setEdit({ dept: null, parentId: depts.data?.[0]?.id })}>
          新增部门
        </AddButton>
      )}
      {depts.data && (
        <Table<DeptNode>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={withoutEmptyChildren(depts.data)}
          loading={depts.isFetching}
          pagination={false}
          expandable={{ defaultExpandAllRows: true, childrenColumnName: 'children' }}
        />
      )}
      {edit && <DeptForm edit={edit} onClose={() => setEdit(null)} />}
    </>
  );
}

function PositionForm({ position, onClose }: { position: PositionRow | null; onClose: () => void }) {
  const saved = { success: '岗位已保存', invalidate: POSITIONS_CHANGED, onSuccess: onClose };
  const save = useCallMutation(contract.positions.save, saved);
  const update = useCallMutation(contract.positions.update, saved);
  return (
    <FormModal
      title={position ? '编辑岗位' : '新增岗位'}
      okText="保存"
      loading={save.isPending || update.isPending}
      onClose={onClose}
      onSubmit={(v) => (position ? update.mutate({ id: position.id, ...v }) : save.mutate(v))}
      initialValues={
        position ? { name: position.name, sortNo: position.sortNo, remark: position.remark ?? '' } : { sortNo: 0 }
      }
    >
      <Form.Item name="name" label="岗位名称" rules={[{ required: true, message: '请输入岗位名称' }]}>
        <Input maxLength={50} />
      </Form.Item>
      <SortNoItem />
      <Form.Item name="remark" label="备注">
        <Input.TextArea maxLength={200} rows={3} />
      </Form.Item>
    </FormModal>
  );
}

function Positions() {
  const canEdit = useHasSign('dept:edit');
  const [edit, setEdit] = useState<{ position: PositionRow | null } | null>(null);
  const remove = useCallMutation(contract.positions.delete, { invalidate: POSITIONS_CHANGED });
  const columns: ColumnsType<PositionRow> = [
    { title: '岗位名称', dataIndex: 'name' },
    { title: '人数', dataIndex: 'userCount' },
    { title: '排序号', dataIndex: 'sortNo' },
    { title: '备注', dataIndex: 'remark', render: (v) => v || '-' },
    { title: '创建时间', dataIndex: 'createdAt', render: (v) => v || '-' },
    ...actionColumn(canEdit, 140, (p: PositionRow) => (
      <Space size={12}>
        <LinkButton onClick={() => setEdit({ position: p })}>编辑</LinkButton>
        <DeleteLink
          title="删除岗位"
          description={`确定删除「${p.name}」吗？`}
          onDelete={() => remove.mutateAsync({ id: p.id })}
          success="岗位已删除"
        />
      </Space>
    )),
  ];
  return (
    <>
      <KeywordTable
        call={contract.positions.list}
        pageName="management"
        placeholder="岗位名称"
        columns={columns}
        extra={canEdit && <AddButton onClick={() => setEdit({ position: null })}>新增岗位</AddButton>}
      />
      {edit && <PositionForm position={edit.position} onClose={() => setEdit(null)} />}
    </>
  );
}

/** /management: the department tree and the positions. */
export default function ManagementPage() {
  return (
    <div className="page-card">
      <Tabs
        items={[
          { key: 'dept', label: '部门管理', children: <Departments /> },
          { key: 'position', label: '岗位管理', children: <Positions /> },
        ]}
      />
    </div>
  );
}
