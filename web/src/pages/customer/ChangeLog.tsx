import { contract } from '@crm/core/contract';
import { Table, Typography } from 'antd';
import { type RowOf, useCallPage } from '../../api/hooks';

type ChangeLogRow = RowOf<typeof contract.interaction.fieldChangeLog>;

/** The field change log of a lead: who changed which field from what to what (refreshed by every edit). */
export function ChangeLog({ clueId }: { clueId: number }) {
  const list = useCallPage(contract.interaction.fieldChangeLog, { clueId }, 'fieldChangeLog');
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
