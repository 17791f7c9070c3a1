import { contract } from '@crm/core/contract';
import { Button, Drawer, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { type RowOf, useCallPage } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { actionColumn } from '../../components/actionColumn';
import { type LeadDrawerProps, useClueActions } from '../../features/lead/actions';

type RecycledRow = RowOf<typeof contract.clue.recycleBin>;

/** The recycle bin of leads: deleted leads with who deleted them and when; restore or delete for good. */
export function RecycleBinDrawer({ open, onClose, onChanged }: LeadDrawerProps) {
  const [keyword, setKeyword] = useState('');
  const [filter, setFilter] = useState<{ keyword?: string }>({});
  const [selected, setSelected] = useState<number[]>([]);
  const canDelete = useHasSign('clue:delete');
  const clueActions = useClueActions();
  const list = useCallPage(contract.clue.recycleBin, filter, 'clueRecycleBin', { enabled: open });
  const done = () => {
    setSelected([]);
    onChanged();
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="回收站"
      size={900}
      destroyOnHidden
      afterOpenChange={(o) => {
        if (o) void list.refetch();
        else {
          // the next opening starts afresh: no keyword, no selection, the first page
          setKeyword('');
          setFilter({});
          setSelected([]);
          list.pager.reset();
        }
      }}
    >
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          placeholder="客户名称 / 公司 / 手机号"
          style={{ width: 260 }}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => {
            list.pager.reset();
            setSelected([]);
            setFilter({ keyword: v || undefined });
          }}
        />
        {canDelete && (
          <>
            <Button
              type="primary"
              disabled={!selected.length}
              onClick={() => clueActions.restore(selected, done)}
              data-testid="restore"
            >
              还原
            </Button>
            <Button danger disabled={!selected.length} onClick={() => clueActions.purge(selected, done)}>
              彻底删除
            </Button>
          </>
        )}
      </Space>
      <Table<RecycledRow>
        rowKey="id"
        size="small"
        data-testid="recycle-table"
        {...list.tableProps}
        rowSelection={
          canDelete ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) } : undefined
        }
        columns={[
          { title: '客户名称', dataIndex: 'name', render: (v, r) => v || r.phone },
          { title: '手机号', dataIndex: 'phone' },
          { title: '公司名称', dataIndex: 'company', ellipsis: true, render: (v) => v || '-' },
          { title: '跟进人', dataIndex: 'ownerName', render: (v) => v || '-' },
          { title: '删除人', dataIndex: 'deletedByName', render: (v) => v || '-' },
          { title: '删除时间', dataIndex: 'deletedAt', width: 170 },
          ...actionColumn(canDelete, 80, (r: RecycledRow) => (
            <Button type="link" size="small" onClick={() => clueActions.restore([r.id], done)}>
              还原
            </Button>
          )),
        ]}
      />
    </Drawer>
  );
}
