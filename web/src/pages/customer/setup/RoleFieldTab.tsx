import { contract } from '@crm/core/contract';
import type { RoleFieldAccess } from '@crm/core/contract/clueField';
import { Button, Checkbox, Radio, Select, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useCallQuery } from '../../../api/hooks';
import { useSettingsMutation } from '../../../features/lead/settings';
import { useRoleOptions } from '../../../features/org/data';
import { NotedTab } from './editing';

const MASKABLE = new Set(['phone', 'phones']);
/** 0 hidden, 1 read-only, 2 editable. */
const accessOf = (n: number): 0 | 1 | 2 => (n === 0 || n === 1 ? n : 2);

const c = contract.clueField.fieldAccess;

/** Per role: each field hidden, read-only or editable, and the phone number masked (138****5678) or not. */
export function RoleFieldTab() {
  const roles = useRoleOptions();
  const [roleId, setRoleId] = useState<number>();
  const [items, setItems] = useState<RoleFieldAccess[]>([]);
  useEffect(() => {
    if (!roleId && roles.data?.length)
      setRoleId(roles.data.find((r) => !r.builtIn || r.roleSign !== 'super_admin')?.id ?? roles.data[0].id);
  }, [roles.data, roleId]);
  const auth = useCallQuery(c.get, { roleId }, { enabled: !!roleId });
  useEffect(() => {
    if (auth.data) setItems(auth.data);
  }, [auth.data]);
  const save = useSettingsMutation(c.save, { success: '保存成功' });
  const set = (name: string, patch: Partial<RoleFieldAccess>) =>
    setItems(items.map((x) => (x.fieldName === name ? { ...x, ...patch } : x)));
  return (
    <NotedTab note="隐藏的字段不会发送给该角色；只读字段不能修改；脱敏的号码显示为 138****5678。超级管理员不受限制。">
      <Space>
        <span>角色</span>
        <Select
          style={{ width: 220 }}
          value={roleId}
          onChange={(id) => {
            // the other role's settings must not show (nor be saved) under this one while its own load
            setItems([]);
            setRoleId(id);
          }}
          options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        />
        <Button
          type="primary"
          disabled={!roleId || auth.isFetching || !items.length}
          loading={save.isPending}
          onClick={() =>
            save.mutate({
              roleId,
              items: items.map((x) => ({ fieldName: x.fieldName, access: accessOf(x.access), masked: x.masked })),
            })
          }
          data-testid="save-role-fields"
        >
          保存
        </Button>
      </Space>
      <Table<RoleFieldAccess>
        rowKey="fieldName"
        size="small"
        loading={auth.isFetching}
        dataSource={items}
        pagination={false}
        scroll={{ y: 480 }}
        columns={[
          { title: '字段', dataIndex: 'fieldLabel', width: 200 },
          {
            title: '权限',
            dataIndex: 'access',
            render: (v, r) => (
              <Radio.Group
                value={v}
                onChange={(e) => set(r.fieldName, { access: e.target.value })}
                options={[
                  { value: 0, label: '隐藏' },
                  { value: 1, label: '只读' },
                  { value: 2, label: '可编辑' },
                ]}
              />
            ),
          },
          {
            title: '号码脱敏',
            dataIndex: 'masked',
            width: 120,
            render: (v, r) =>
              MASKABLE.has(r.fieldName) ? (
                <Checkbox checked={v === 1} onChange={(e) => set(r.fieldName, { masked: e.target.checked ? 1 : 0 })} />
              ) : (
                '-'
              ),
          },
        ]}
      />
    </NotedTab>
  );
}
