import { contract } from '@crm/core/contract';
import { Card, Col, Input, Row, Select, Space, Switch, Table, Tag, Tree, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { deptTreeData, useDeptTree } from '../../api/directory';
import { useCallMutation, useCallPage } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { showSuccess, ui } from '../../app/ui';
import { AddButton } from '../../components/AddButton';
import { actionColumn } from '../../components/actionColumn';
import { ColItem } from '../../components/ColItem';
import { confirmOff } from '../../components/confirmOff';
import { FilterBar, KeywordInput } from '../../components/FilterBar';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';
import { PasswordField } from '../../components/PasswordFields';
import { SearchSelect } from '../../components/SearchSelect';
import { useDraftFilters } from '../../components/useDraftFilters';
import { QuitHandoverModal } from '../../features/lead/QuitHandoverModal';
import { type UserRow, usePositionOptions, useRoleOptions } from '../../features/org/data';

/** What a change to users makes stale: the list, the user selects and the department head counts. */
const USERS_CHANGED = [contract.users.list, contract.users.getUserList, contract.depts.tree];

interface Filters extends Record<string, unknown> {
  keyword?: string;
  roleId?: number;
  status?: 1 | 2;
  deptId?: number;
}

function UserForm({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const save = useCallMutation(contract.users.save, {
    success: '用户已新增',
    invalidate: USERS_CHANGED,
    onSuccess: onClose,
  });
  const update = useCallMutation(contract.users.update, {
    success: '用户已保存',
    invalidate: USERS_CHANGED,
    onSuccess: onClose,
  });
  const roles = useRoleOptions();
  const positions = usePositionOptions();
  const depts = useDeptTree();
  const creating = !user;
  return (
    <FormModal
      title={creating ? '新增用户' : '编辑用户'}
      okText="保存"
      width={560}
      loading={save.isPending || update.isPending}
      onClose={onClose}
      onSubmit={(v) => (user ? update.mutate({ id: user.id, ...v }) : save.mutate(v))}
      initialValues={
        user
          ? {
              username: user.username,
              realName: user.realName,
              phone: user.phone ?? '',
              email: user.email ?? '',
              roleId: user.roleId,
              deptId: user.deptId,
              positionId: user.positionId ?? undefined,
              seatNo: user.seatNo ?? '',
            }
          : {}
      }
    >
      <Row gutter={16}>
        <ColItem name="realName" label="姓名" rules={[{ required: true, message: '请输入姓名' }]}>
          <Input maxLength={50} />
        </ColItem>
        <ColItem
          name="username"
          label="登录账号"
          rules={[
            { required: true, message: '请输入登录账号' },
            { pattern: /^[A-Za-z0-9_@.-]{4,32}$/, message: '登录账号为 4-32 位字母、数字或 _@.-' },
          ]}
        >
          <Input maxLength={32} autoComplete="off" />
        </ColItem>
        <ColItem name="phone" label="手机号" rules={[{ pattern: /^1\d{10}$/, message: '请输入正确的 11 位手机号' }]}>
          <Input maxLength={11} />
        </ColItem>
        <ColItem name="email" label="邮箱" rules={[{ type: 'email', message: '请输入正确的邮箱' }]}>
          <Input maxLength={100} />
        </ColItem>
        {creating && (
          <Col span={24}>
            <PasswordField name="password" label="初始密码" />
          </Col>
        )}
        <ColItem name="deptId" label="部门" rules={[{ required: true, message: '请选择部门' }]}>
          <TreeSelect
            treeData={deptTreeData(depts.data)}
            treeDefaultExpandAll
            placeholder="请选择部门"
            listHeight={212}
          />
        </ColItem>
        <ColItem name="roleId" label="角色" rules={[{ required: true, message: '请选择角色' }]}>
          <SearchSelect
            options={(roles.data ?? [])
              .filter((r) => r.roleSign !== 'super_admin' || user?.isSuperAdmin)
              .map((r) => ({ value: r.id, label: r.name }))}
            placeholder="请选择角色"
          />
        </ColItem>
        <ColItem name="positionId" label="岗位">
          <SearchSelect
            options={(positions.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            placeholder="请选择岗位"
          />
        </ColItem>
        <ColItem name="seatNo" label="坐席工号">
          <Input maxLength={30} />
        </ColItem>
      </Row>
    </FormModal>
  );
}

function ResetPasswordModal({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const change = useCallMutation(contract.users.changePassword, {
    success: '密码已重置，该用户需重新登录',
    onSuccess: onClose,
  });
  return (
    <FormModal
      title={`重置密码：${user.realName}`}
      loading={change.isPending}
      onClose={onClose}
      onSubmit={(v) => change.mutate({ id: user.id, password: v.password })}
    >
      <PasswordField name="password" label="新密码" />
    </FormModal>
  );
}

/** /user: users of the organisation, filtered by department, role, status and keyword. */
export default function UserPage() {
  const canEdit = useHasSign('user:edit');
  const depts = useDeptTree();
  const roles = useRoleOptions();
  // the department chosen in the tree applies at once; the other filters on 查询
  const bar = useDraftFilters<Filters>(
    () => list.pager.reset(),
    (d, applied) => ({ ...applied, ...d }),
  );
  const { draft, patch, filters, apply } = bar;
  const [editing, setEditing] = useState<{ user: UserRow | null } | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [quitting, setQuitting] = useState<UserRow | null>(null);
  const list = useCallPage(contract.users.list, filters, 'user');
  // the switch spins until the list shows the new status (the mutation waits for the refetch)
  const setStatus = useCallMutation(contract.users.updateStatus, {
    invalidate: USERS_CHANGED,
    onSuccess: (a) => showSuccess(a.status === 1 ? '已启用' : '已禁用'),
  });
  const changeStatus = (r: UserRow, on: boolean) =>
    confirmOff(on, { title: '确定禁用该用户吗？', content: '禁用后该用户将无法登录', okText: '禁用' }, () =>
      setStatus.mutate({ id: r.id, status: on ? 1 : 2 }),
    );
  const setChampion = useCallMutation(contract.users.setSalesChampion, {
    success: '已设为销冠',
    invalidate: [contract.users.list],
  });
  const cancelChampion = useCallMutation(contract.users.cancelSalesChampion, {
    success: '已取消销冠',
    invalidate: [contract.users.list],
  });
  const toggleChampion = (r: UserRow) =>
    ui.modal.confirm({
      title: r.isSalesChampion ? `确定取消「${r.realName}」的销冠吗？` : `确定将「${r.realName}」设为销冠吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => (r.isSalesChampion ? cancelChampion : setChampion).mutate({ id: r.id }),
    });

  const columns: ColumnsType<UserRow> = [
    {
      title: '姓名',
      dataIndex: 'realName',
      width: 170,
      fixed: 'left',
      render: (v, r) => (
        <Space size={4}>
          {v}
          {r.isSuperAdmin && <Tag color="gold">超级管理员</Tag>}
          {r.isSalesChampion && <Tag color="red">销冠</Tag>}
        </Space>
      ),
    },
    { title: '登录账号', dataIndex: 'username', width: 120 },
    { title: '手机号', dataIndex: 'phone', width: 130, render: (v) => v || '-' },
    { title: '部门', dataIndex: 'deptName', width: 140, ellipsis: true, render: (v) => v || '-' },
    { title: '岗位', dataIndex: 'positionName', width: 110, ellipsis: true, render: (v) => v || '-' },
    { title: '角色', dataIndex: 'roleName', width: 120, ellipsis: true, render: (v) => v || '-' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (v, r) => (
        <Switch
          checked={v === 1}
          checkedChildren="启用"
          unCheckedChildren="禁用"
          disabled={!canEdit || r.isSuperAdmin}
          loading={setStatus.isPending && setStatus.variables?.id === r.id}
          onChange={(on) => changeStatus(r, on)}
        />
      ),
    },
    { title: '最近登录', dataIndex: 'lastLoginAt', width: 170, render: (v) => v || '-' },
    ...actionColumn(
      canEdit,
      250,
      (r: UserRow) => (
        <Space size={8} wrap={false}>
          <LinkButton onClick={() => setEditing({ user: r })}>编辑</LinkButton>
          <LinkButton onClick={() => setResetting(r)}>重置密码</LinkButton>
          <LinkButton onClick={() => toggleChampion(r)}>{r.isSalesChampion ? '取消销冠' : '设为销冠'}</LinkButton>
          {!r.isSuperAdmin && (
            <LinkButton onClick={() => setQuitting(r)} data-testid="user-quit">
              离职交接
            </LinkButton>
          )}
        </Space>
      ),
      'right',
    ),
  ];

  return (
    <Row gutter={16} wrap={false}>
      <Col flex="240px">
        <Card
          size="small"
          title="组织架构"
          styles={{ body: { padding: 8, maxHeight: 'calc(100vh - 170px)', overflow: 'auto' } }}
        >
          {depts.data && (
            <Tree
              blockNode
              defaultExpandAll
              selectedKeys={filters.deptId ? [filters.deptId] : []}
              treeData={deptTreeData(depts.data, true)}
              onSelect={(keys) => apply({ ...filters, deptId: (keys[0] as number) ?? undefined })}
            />
          )}
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <div className="page-card">
          <FilterBar
            onSearch={bar.search}
            onReset={bar.reset}
            extra={canEdit && <AddButton onClick={() => setEditing({ user: null })}>新增用户</AddButton>}
          >
            <KeywordInput of={bar} placeholder="姓名 / 账号 / 手机号" width={220} />
            <SearchSelect
              style={{ width: 160 }}
              placeholder="角色"
              value={draft.roleId}
              onChange={(v) => patch({ roleId: v })}
              options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            />
            <Select
              allowClear
              style={{ width: 120 }}
              placeholder="状态"
              value={draft.status}
              onChange={(v) => patch({ status: v })}
              options={[
                { value: 1, label: '启用' },
                { value: 2, label: '禁用' },
              ]}
            />
          </FilterBar>
          {/* the columns' own widths (a fixed width narrower than their sum left 角色, 状态 and 最近登录 under the fixed
              操作 column at 1440 px); the scroll bar sticks to the window's bottom, the header under the shell's */}
          <Table<UserRow>
            rowKey="id"
            size="middle"
            columns={columns}
            scroll={{ x: 'max-content' }}
            sticky={{ offsetHeader: 56 }}
            data-testid="user-table"
            {...list.tableProps}
          />
        </div>
      </Col>
      {editing && <UserForm user={editing.user} onClose={() => setEditing(null)} />}
      {resetting && <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />}
      {quitting && <QuitHandoverModal open userId={quitting.id} onClose={() => setQuitting(null)} />}
    </Row>
  );
}
