import type { TargetRow } from '@crm/core/contract/stats';
import { Progress, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatValue } from '../../components/charts';

/** 目标完成: each user's (department's) target of the period, the leads taken in it and the completion, the sum last. */
export function TargetTable({
  by,
  data,
  loading,
}: {
  by: 'user' | 'dept';
  data: { rows: TargetRow[]; sum: TargetRow } | undefined;
  loading: boolean;
}) {
  const columns: ColumnsType<TargetRow> = [
    { title: by === 'user' ? '员工' : '部门', dataIndex: 'name', fixed: 'left', width: 130 },
    ...(by === 'user'
      ? [{ title: '部门', dataIndex: 'deptName', width: 120, render: (v: string | null) => v || '-' }]
      : []),
    { title: '目标线索数', dataIndex: 'target', render: (v: number) => (v ? formatValue(v) : '未设置') },
    { title: '领取/分配线索数', dataIndex: 'actual', render: (v: number) => formatValue(v) },
    {
      title: '完成率',
      dataIndex: 'rate',
      width: 220,
      render: (v: number, r) =>
        r.target ? (
          <Progress
            percent={Math.min(v, 100)}
            format={() => formatValue(v, 'percent')}
            status={v >= 100 ? 'success' : 'normal'}
            size="small"
          />
        ) : (
          '-'
        ),
    },
  ];
  const rows = data ? [...data.rows, ...(data.rows.length ? [data.sum] : [])] : [];
  return (
    <Table<TargetRow>
      rowKey={(r) => `${r.name === '合计' && r.id === 0 ? 'sum' : by}-${r.id}`}
      size="middle"
      scroll={{ x: 'max-content' }}
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      locale={{ emptyText: '暂无数据' }}
      rowClassName={(r) => (r.id === 0 && r.name === '合计' ? 'stats-sum-row' : '')}
      data-testid="target-table"
    />
  );
}
