import { DataScopeLabel, FUNCTION_SIGNS, type MenuNode } from '@crm/core';
import { contract } from '@crm/core/contract';
import { Button, Col, Drawer, Form, Input, Radio, Row, Space, Tag, Tree, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { AddButton } from '../../components/AddButton';
import { actionColumn } from '../../components/actionColumn';
import { ColItem } from '../../components/ColItem';
import { DeleteLink } from '../../components/DeleteLink';
import { KeywordTable } from '../../components/KeywordTable';
import { LinkButton } from '../../components/LinkButton';
import type { RoleRow } from '../../features/org/data';

/** What a change to roles makes stale: the list (and the role selects, the same call) and the menu trees. */
const ROLES_CHANGED = [contract.roles.list, contract.menus.getTreeByRoleId];

const toTree = (nodes: MenuNode[]): DataNode[] =>
  nodes.map((n) => ({ key: n.id, title: n.name, children: n.children ? toTree(n.children) : undefined }));

/** The function-sign tree of packages/core FUNCTION_SIGNS: groups with their signs. */
export const SIGN_TREE: DataNode[] = Object.entries(FUNCTION_SIGNS).map(([key, g]) => ({
  key: `group:${key}`,
  title: g.name,
  children: Object.entries(g.signs).map(([sign, label]) => ({ key: sign, title: label })),
}));

const isLeaf = (key: React.Key) => !String(key).startsWith('group:');

function RoleEditor({ role, onClose }: { role: RoleRow | null; onClose: () => void }) {
  const [form] = Form.useForm();
  const [routes, setRoutes] = useState<React.Key[]>([]);
  const [signs, setSigns] = useState<React.Key[]>(role?.functionSigns ?? []);
  // an existing role's tree comes with its checked routes; a new role starts from the full tree, nothing checked
  const roleTree = useCallQuery(contract.menus.getTreeByRoleId, { roleId: role?.id ?? 0 }, { enabled: !!role });
  const fullTree = useCallQuery(contract.menus.getTreeByOrganizationId, undefined, { enabled: !role });
  const tree = role ? roleTree.data?.tree : fullTree.data?.tree;
  useEffect(() => {
    if (roleTree.data) setRoutes(roleTree.data.checkedIds);
  }, [roleTree.data]);
  const locked = role?.roleSign === 'super_admin';
  const saved = { success: '角色已保存', invalidate: ROLES_CHANGED, onSuccess: onClose };
  const save = useCallMutation(contract.roles.save, saved);
  const update = useCallMutation(contract.roles.update, saved);
  const restore = useCallMutation(contract.menus.getDefaultTreeByRoleId, {
    success: '已恢复默认权限，保存后生效',
    onSuccess: (d) => {
      setRoutes(d.checkedIds);
      setSigns(d.functionSigns);
      form.setFieldValue('dataScope', d.dataScope);
    },
  });
  const submit = () =>
    form.validateFields().then(
      (v) => {
        const body = {
          ...v,
          routes: routes.filter(isLeaf).map(String),
          functionSigns: signs.filter(isLeaf).map(String),
        };
        if (role) update.mutate({ id: role.id, ...body });
        else save.mutate(body);
      },
      () => {},
    );

  return (
    <Drawer
      title={role ? `编辑角色：${role.name}` : '新增角色'}
      open
      size={760}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          {role?.builtIn && !locked && (
            <Button loading={restore.isPending} onClick={() => restore.mutate({ roleId: role.id })}>
              恢复默认
            </Button>
          )}
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending || update.isPending} disabled={locked} onClick={submit}>
            保存
          </Button>
        </Space>
      }
    >
      {locked && (
        <Typography.Paragraph type="warning">超级管理员拥有全部菜单与功能权限，不可修改。</Typography.Paragraph>
      )}
      <Form
        form={form}
        layout="vertical"
        disabled={locked}
        initialValues={{ name: role?.name, dataScope: role?.dataScope ?? 1, remark: role?.remark ?? '' }}
      >
        <Row gutter={16}>
          <ColItem name="name" label="角色名称" rules={[{ required: true, message: '请输入角色名称' }]}>
            <Input maxLength={50} />
          </ColItem>
          <ColItem name="remark" label="备注">
            <Input maxLength={200} />
          </ColItem>
        </Row>
        <Form.Item name="dataScope" label="数据权限" rules={[{ required: true, message: '请选择数据权限' }]}>
          <Radio.Group
            options={Object.entries(DataScopeLabel).map(([value, label]) => ({ value: Number(value), label }))}
          />
        </Form.Item>
      </Form>
      <Row gutter={16}>
        <Col span={12}>
          <Typography.Title level={5}>菜单权限</Typography.Title>
          <div
            style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 8, height: 480, overflow: 'auto' }}
            data-testid="menu-tree"
          >
            {tree && (
              <Tree
                checkable
                disabled={locked}
                defaultExpandAll={false}
                defaultExpandedKeys={tree.slice(0, 1).map((n) => n.id)}
                checkedKeys={routes}
                onCheck={(keys) => setRoutes(Array.isArray(keys) ? keys : keys.checked)}
                treeData={toTree(tree)}
              />
            )}
          </div>
        </Col>
        <Col span={12}>
          <Typography.Title level={5}>功能权限</Typography.Title>
          <div
            style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 8, height: 480, overflow: 'auto' }}
            data-testid="sign-tree"
          >
            <Tree
              checkable
              disabled={locked}
              defaultExpandAll
              checkedKeys={signs}
              onCheck={(keys) => setSigns(Array.isArray(keys) ? keys : keys.checked)}
              treeData={SIGN_TREE}
            />
          </div>
        </Col>
      </Row>
    </Drawer>
  );
}

/** /role: roles with their menu tree, function-sign tree and data scope. */
export default function RolePage() {
  const canEdit = useHasSign('role:edit');
  const [editing, setEditing] = useState<{ role: RoleRow | null } | null>(null);
  const remove = useCallMutation(contract.roles.remove, { invalidate: [contract.roles.list] });
  const columns: ColumnsType<RoleRow> = [
    {
      title: '角色名称',
      dataIndex: 'name',
      render: (v, r) => (
        <Space size={4}>
          {v}
          {r.builtIn && <Tag>内置</Tag>}
        </Space>
      ),
    },
    { title: '数据权限', dataIndex: 'dataScopeName' },
    { title: '功能权限', dataIndex: 'functionSigns', render: (v: string[]) => `${v.length} 项` },
    { title: '用户数', dataIndex: 'userCount' },
    { title: '备注', dataIndex: 'remark', render: (v) => v || '-' },
    { title: '创建时间', dataIndex: 'createdAt' },
    ...actionColumn(canEdit, 140, (r: RoleRow) => (
      <Space size={12}>
        <LinkButton onClick={() => setEditing({ role: r })}>
          {r.roleSign === 'super_admin' ? '查看' : '编辑'}
        </LinkButton>
        {!r.builtIn && (
          <DeleteLink
            title="删除角色"
            description={r.userCount ? `该角色下还有 ${r.userCount} 位用户，不能删除` : `确定删除角色「${r.name}」吗？`}
            disabled={r.userCount > 0}
            onDelete={() => remove.mutateAsync({ id: r.id })}
            success="角色已删除"
          />
        )}
      </Space>
    )),
  ];
  return (
    <div className="page-card">
      <KeywordTable
        call={contract.roles.list}
        pageName="role"
        placeholder="角色名称"
        columns={columns}
        extra={canEdit && <AddButton onClick={() => setEditing({ role: null })}>新增角色</AddButton>}
      />
      {editing && <RoleEditor role={editing.role} onClose={() => setEditing(null)} />}
    </div>
  );
}
