import type { Page } from '@crm/core';
import { Table, Typography } from 'antd';
import { api } from '../../api/client';
import { usePagedQuery } from '../../components/usePagedQuery';
import type { ChangeLogRow } from './types';

/** The field change log of a lead: who changed which field from what to what. */
export function ChangeLog({ clueId, version }: { clueId: number; version: number }) {
  const list = usePagedQuery<ChangeLogRow, { clueId: number; version: number }>(
    'fieldChangeLog',
    { clueId, version },
    ({ version: _v, ...q }) => api.robot.post<Page<ChangeLogRow>>('/interactive/getFieldChangeLog', q),
  );
  return (
    <Table<ChangeLogRow>
      rowKey="id"
      size="small"
      data-testid="change-log"
      {...list.tableProps}
      columns={[
        { title: '修改时间', dataIndex: 'createdAt', width: 170 },
        { title: '修改人', dataIndex: 'userName', width: 100, render: (v) => v || '-' },
        {
          title: '修改内容',
          dataIndex: 'changes',
          render: (changes: ChangeLogRow['changes']) =>
            changes.map((c) => (
              <div key={c.fieldName}>
                <Typography.Text strong>{c.fieldLabel}</Typography.Text>：
                <Typography.Text type="secondary">{c.before || '空'}</Typography.Text> → {c.after || '空'}
              </div>
            )),
        },
      ]}
    />
  );
}
