import { contract } from '@crm/core/contract';
import type { Clue } from '@crm/core/contract/clue';
import { Button, Drawer, Table } from 'antd';
import { useCallPage } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { actionColumn } from '../../components/actionColumn';
import { type LeadDrawerProps, useClueActions } from '../../features/lead/actions';

/** Leads on the blacklist (clueReader): who and why; take them off again. */
export function BlacklistDrawer({ open, onClose, onChanged }: LeadDrawerProps) {
  const canEdit = useHasSign('clue:edit');
  const clueActions = useClueActions();
  const list = useCallPage(contract.clue.blacklist, {}, 'clueReader', { enabled: open });
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="黑名单"
      size={800}
      destroyOnHidden
      afterOpenChange={(o) => o && list.refetch()}
    >
      <Table<Clue>
        rowKey="id"
        size="small"
        {...list.tableProps}
        columns={[
          { title: '客户名称', dataIndex: 'name', render: (v, r) => v || r.phone },
          { title: '手机号', dataIndex: 'phone' },
          { title: '跟进人', dataIndex: 'ownerName', render: (v) => v || '-' },
          { title: '原因', dataIndex: 'blacklistReason', render: (v) => v || '-' },
          { title: '更新时间', dataIndex: 'updatedAt', width: 170 },
          ...actionColumn(canEdit, 100, (r: Clue) => (
            <Button type="link" size="small" onClick={() => clueActions.unblack([r.id], onChanged)}>
              移出黑名单
            </Button>
          )),
        ]}
      />
    </Drawer>
  );
}
