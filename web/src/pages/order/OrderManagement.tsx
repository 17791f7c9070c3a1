import { DownloadOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import { OrderStatusName } from '@crm/core/contract/order';
import { Button, Select, Space, Table, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { deptTreeData, useDeptTree, useUserOptions } from '../../api/directory';
import { useCallDownload, useCallPage, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { DateRangePicker } from '../../components/DateRangePicker';
import { FilterBar, KeywordInput } from '../../components/FilterBar';
import { LinkButton } from '../../components/LinkButton';
import { MoneyInput } from '../../components/MoneyInput';
import { SearchSelect } from '../../components/SearchSelect';
import { useDraftFilters } from '../../components/useDraftFilters';
import { type OrderListRow, openOrder, orderColumns } from '../../features/order/orders';
import { NewOrderButton } from './NewOrderButton';
import { OrderSettingModal } from './OrderSettingModal';

const o = contract.order;

interface Draft {
  keyword?: string;
  status?: number;
  ownerId?: number;
  deptId?: number;
  productId?: number;
  date?: string | null;
  range?: [string, string] | null;
  minAmountFen?: number | null;
  maxAmountFen?: number | null;
}
type Filters = Omit<Draft, 'date' | 'range'> & { startTime?: string; endTime?: string };

const toFilters = ({ date: _d, range, ...d }: Draft): Filters => ({
  ...d,
  keyword: d.keyword?.trim() || undefined,
  minAmountFen: d.minAmountFen ?? undefined,
  maxAmountFen: d.maxAmountFen ?? undefined,
  startTime: range?.[0],
  endTime: range?.[1],
});

/** /main/orderManagement: every order the role's data scope covers, filtered, exported. */
export default function OrderManagement() {
  const canExport = useHasSign('order:export');
  const canSet = useHasSign('field:edit');
  const canAdd = useHasSign('order:edit');
  const [setting, setSetting] = useState(false);
  const users = useUserOptions();
  const depts = useDeptTree();
  const products = useCallQuery(contract.product.pagelist, { pageSize: 100 }).data?.lists ?? [];
  const bar = useDraftFilters<Draft, Filters>(() => list.pager.reset(), toFilters);
  const { draft, patch, filters } = bar;
  const list = useCallPage(o.pagelist, filters, 'order list');
  const exporting = useCallDownload(o.export, { success: '导出成功' });
  const columns: ColumnsType<OrderListRow> = [
    ...orderColumns(true),
    { title: '部门', dataIndex: 'deptName', width: 110, render: (v) => v || '-' },
    { title: '创建时间', dataIndex: 'createdAt', width: 170 },
    {
      title: '操作',
      key: 'op',
      width: 80,
      render: (_, r) => <LinkButton onClick={() => openOrder(r.id)}>详情</LinkButton>,
    },
  ];
  return (
    <div className="page-card">
      <FilterBar
        onSearch={bar.search}
        onReset={bar.reset}
        extra={
          <Space>
            {canAdd && <NewOrderButton />}
            {canSet && <Button onClick={() => setSetting(true)}>订单设置</Button>}
            {canExport && (
              <Button
                icon={<DownloadOutlined />}
                loading={exporting.isPending}
                onClick={() => exporting.mutate(filters)}
              >
                导出
              </Button>
            )}
          </Space>
        }
      >
        <KeywordInput of={bar} placeholder="订单编号或客户" width={180} />
        <Select
          allowClear
          placeholder="订单状态"
          style={{ width: 120 }}
          value={draft.status}
          onChange={(v) => patch({ status: v })}
          options={Object.entries(OrderStatusName).map(([v, label]) => ({ value: Number(v), label }))}
        />
        <SearchSelect
          style={{ width: 140 }}
          placeholder="负责人"
          value={draft.ownerId}
          onChange={(v) => patch({ ownerId: v })}
          options={(users.data ?? []).map((u) => ({ value: u.id, label: u.realName }))}
        />
        <TreeSelect
          allowClear
          style={{ width: 150 }}
          placeholder="部门"
          value={draft.deptId}
          onChange={(v) => patch({ deptId: v })}
          treeData={deptTreeData(depts.data)}
          treeDefaultExpandAll
        />
        <SearchSelect
          style={{ width: 180 }}
          placeholder="产品"
          value={draft.productId}
          onChange={(v) => patch({ productId: v })}
          options={products.map((p) => ({ value: p.id, label: p.name }))}
        />
        <DateRangePicker
          value={draft.date}
          onChange={(date, range) => patch({ date, range })}
          placeholder={['签约开始', '签约结束']}
        />
        <Space.Compact>
          <MoneyInput
            style={{ width: 120 }}
            placeholder="最低金额"
            value={draft.minAmountFen}
            onChange={(v) => patch({ minAmountFen: v })}
          />
          <MoneyInput
            style={{ width: 120 }}
            placeholder="最高金额"
            value={draft.maxAmountFen}
            onChange={(v) => patch({ maxAmountFen: v })}
          />
        </Space.Compact>
      </FilterBar>
      <Table<OrderListRow> rowKey="id" size="middle" columns={columns} scroll={{ x: 1300 }} {...list.tableProps} />
      {setting && <OrderSettingModal onClose={() => setSetting(false)} />}
    </div>
  );
}
