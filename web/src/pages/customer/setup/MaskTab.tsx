import { useQuery } from '@tanstack/react-query';
import { Alert, Space, Switch, Table } from 'antd';
import { useState } from 'react';
import { api, quietly } from '../../../api/client';
import { showSuccess } from '../../../app/ui';
import { type RoleRow, useRoleOptions } from '../../system/data';
import { useInvalidateClueSettings } from '../data';

interface MaskConfig {
  maskType: number;
  maskTypeName: string;
  roles: { roleId: number; masked: 0 | 1 }[];
}

/** Phone masking per role (queryMaskConfig / saveMaskConfig): the middle four digits hidden, 138****5678. */
export function MaskTab() {
  const roles = useRoleOptions();
  const invalidate = useInvalidateClueSettings();
  const config = useQuery({
    queryKey: ['clue', 'maskConfig'],
    queryFn: () => api.robot.post<MaskConfig>('/maskConfig/queryMaskConfig'),
  });
  const masked = new Set((config.data?.roles ?? []).filter((r) => r.masked).map((r) => r.roleId));
  // the role whose switch is being changed: it shows a spinner meanwhile
  const [switching, setSwitching] = useState<number | null>(null);
  const set = (roleId: number, on: boolean) =>
    quietly(async () => {
      setSwitching(roleId);
      try {
        await api.robot.post('/maskConfig/saveMaskConfig', { roleId, masked: on ? 1 : 0 });
        showSuccess(on ? '已开启号码脱敏' : '已关闭号码脱敏');
        await invalidate();
      } finally {
        setSwitching(null);
      }
    });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title={`脱敏方式：${config.data?.maskTypeName ?? '隐藏中间四位'}。开启后该角色在列表、详情和导出中看到的号码均为脱敏号码，且不能修改号码。`}
      />
      <Table<RoleRow>
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
              <Switch checked={masked.has(r.id)} loading={switching === r.id} onChange={(on) => set(r.id, on)} />
            ),
          },
        ]}
      />
    </Space>
  );
}
