import { fenToYuan } from '@crm/core';
import { contract } from '@crm/core/contract';
import { Drawer, Table } from 'antd';
import { useCallPage } from '../../api/hooks';
import { navigateTo } from '../../app/navigation';
import type { StatsQuery } from '../../components/charts';
import { LinkButton } from '../../components/LinkButton';
import { BoardExport } from './BoardExport';

/** 成交明细: the orders behind the deals board, with its filters (/dealManager/pagelist); an order opens its detail. */
export function DealsList({
  query,
  onClose,
}: {
  query: (StatsQuery & { settingId?: number }) | null;
  onClose: () => void;
}) {
  const list = useCallPage(contract.dealManager.pagelist, { ...query }, 'deals board deals', {
    enabled: Boolean(query),
  });
  return (
    <Drawer
      title="成交明细"
      open={Boolean(query)}
      onClose={onClose}
      size="large"
      extra={query && <BoardExport call={contract.dealManager.export} input={query} />}
    >
      <Table
        size="small"
        rowKey="id"
        {...list.tableProps}
        data-testid="deals-list"
        columns={[
          {
            title: '订单编号',
            dataIndex: 'orderNo',
            render: (v: string, r) => (
              <LinkButton onClick={() => navigateTo(`/main/orderDetails?id=${r.id}`)}>{v}</LinkButton>
            ),
          },
          { title: '客户', dataIndex: 'customerName' },
          { title: '负责人', dataIndex: 'ownerName', render: (v) => v ?? '-' },
          { title: '状态', dataIndex: 'statusName' },
          { title: '订单金额（元）', dataIndex: 'totalFen', align: 'right', render: fenToYuan },
          { title: '已回款（元）', dataIndex: 'paidFen', align: 'right', render: fenToYuan },
          { title: '签约日期', dataIndex: 'signedOn' },
        ]}
      />
    </Drawer>
  );
}
