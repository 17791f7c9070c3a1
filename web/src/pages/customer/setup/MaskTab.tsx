import { contract } from '@crm/core/contract';
import { Switch, Table } from 'antd';
import { useCallQuery } from '../../../api/hooks';
import { showSuccess } from '../../../app/ui';
import { useSettingsMutation } from '../../../features/lead/settings';
import { useRoleOptions } from '../../../features/org/data';
import { NotedTab } from './editing';

type RoleOption = NonNullable<ReturnType<typeof useRoleOptions>['data']>[number];

const c = contract.clueField.mask;

/** Phone masking per role (queryMaskConfig / saveMaskConfig): the middle four digits hidden, 138****5678. */
export function MaskTab() {
  const roles = useRoleOptions();
  const config = useCallQuery(c.get, undefined);
  const masked = new Set((config.data?.roles ?? []).filter((r) => r.masked).map((r) => r.roleId));
  const save = useSettingsMutation(c.save, {
    onSuccess: (_, input) => showSuccess(input.masked ? '已开启号码脱敏' : '已关闭号码脱敏'),
  });
  return (
    <NotedTab
      note={`脱敏方式：${config.data?.maskTypeName ?? '隐藏中间四位'}。开启后该角色在列表、详情和导出中看到的号码均为脱敏号码，且不能修改号码。`}
    >
      <Table<RoleOption>
        rowKey="id"
        size="small"
        loading={roles.isLoading || config.isLoading}
        dataSource={(roles.data ?? []).filter((r) => r.roleSign !== 'super_admin')}
        pagination={false}
        columns={[
          { title: '角色', dataIndex: 'name' },
          { title: '人数', dataIndex: 'userCount', width: 100 },
          {
            title: '号码脱敏',
            key: 'masked',
            width: 120,
            render: (_, r) => (
              // the role whose switch is being changed shows a spinner meanwhile
              <Switch
                checked={masked.has(r.id)}
                loading={save.isPending && save.variables?.roleId === r.id}
                onChange={(on) => save.mutate({ roleId: r.id, masked: on ? 1 : 0 })}
              />
            ),
          },
        ]}
      />
    </NotedTab>
  );
}
