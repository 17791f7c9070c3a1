import { fenToYuan } from '@crm/core';
import { contract } from '@crm/core/contract';
import { Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useCallPage } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { AddButton } from '../../components/AddButton';
import { OrderFormModal } from './OrderFormModal';
import { type OrderListRow, openOrder, orderColumns } from './orders';

/** The 订单 tab of the lead drawer: the lead's orders and a new one. */
export function LeadOrders({ clueId, customerName }: { clueId: number; customerName: string }) {
  const canView = useHasSign('order:view');
  const canEdit = useHasSign('order:edit');
  const [adding, setAdding] = useState(false);
  const list = useCallPage(contract.order.pagelist, { clueId }, 'lead orders', { enabled: canView });
  if (!canView) return <Typography.Text type="secondary">无权限查看订单</Typography.Text>;
  const rows = list.data?.lists ?? [];
  const total = rows.reduce((s, r) => s + r.totalFen, 0);
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Text type="secondary">本页订单金额合计 {fenToYuan(total)} 元</Typography.Text>
        {canEdit && <AddButton onClick={() => setAdding(true)}>新建订单</AddButton>}
      </Space>
      <Table<OrderListRow> rowKey="id" size="small" columns={orderColumns(false)} {...list.tableProps} />
      {adding && (
        <OrderFormModal
          clueId={clueId}
          customerName={customerName}
          onClose={() => setAdding(false)}
          onSaved={openOrder}
        />
      )}
    </>
  );
}
