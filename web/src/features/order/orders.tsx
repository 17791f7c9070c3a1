import { fenToYuan } from '@crm/core';
import type { contract } from '@crm/core/contract';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { RowOf } from '../../api/hooks';
import { navigateTo } from '../../app/navigation';
import { LinkButton } from '../../components/LinkButton';

export type OrderListRow = RowOf<typeof contract.order.pagelist>;

export const STATUS_COLOR: Record<number, string> = {
  1: 'default',
  2: 'blue',
  3: 'orange',
  4: 'green',
  5: 'purple',
  6: 'default',
};
export const statusTag = (r: { status: number; statusName: string }) => (
  <Tag color={STATUS_COLOR[r.status]}>{r.statusName}</Tag>
);
export const openOrder = (id: number) => navigateTo(`/main/orderDetails?id=${id}`);

/** The orders columns, shared by the list page and the lead drawer's tab. */
export function orderColumns(withCustomer: boolean): ColumnsType<OrderListRow> {
  return [
    {
      title: '订单编号',
      dataIndex: 'orderNo',
      width: 160,
      render: (v, r) => <LinkButton onClick={() => openOrder(r.id)}>{v}</LinkButton>,
    },
    ...(withCustomer ? [{ title: '客户', dataIndex: 'customerName', width: 140, ellipsis: true }] : []),
    { title: '产品', dataIndex: 'productNames', ellipsis: true },
    { title: '订单金额（元）', dataIndex: 'totalFen', width: 130, align: 'right', render: (v) => fenToYuan(v) },
    { title: '已回款（元）', dataIndex: 'paidFen', width: 120, align: 'right', render: (v) => fenToYuan(v) },
    { title: '状态', dataIndex: 'status', width: 90, render: (_, r) => statusTag(r) },
    { title: '负责人', dataIndex: 'ownerName', width: 90, render: (v) => v || '-' },
    { title: '签约日期', dataIndex: 'signedOn', width: 110 },
  ];
}
