import type { CallAnswer, contract } from '@crm/core/contract';
import type { MatrixRow } from '@crm/core/contract/stats';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type StatsQuery, useScopeUsers } from '../../components/charts';
import { type Dim, leadsLink, ownersOf, type RowKind } from './links';
import { Figure } from './WorkTable';

export type Matrix = CallAnswer<typeof contract.stats.crmList>;

/**
 * Leads by follow-up status, stage or source (columns) per user or department (rows), the sum last; each count opens
 * the lead list with the same owners, creation period and column value.
 */
export function MatrixTable({
  q,
  by,
  data,
  loading,
  firstTitle,
  dim = 3,
  plain = false,
}: {
  q: StatsQuery;
  by: 'user' | 'dept';
  data: Matrix | undefined;
  loading: boolean;
  firstTitle?: string;
  /** What the columns are (default the follow-up statuses). */
  dim?: Dim;
  /** Counts the lead list cannot filter by (e.g. intention levels): no click-through. */
  plain?: boolean;
}) {
  const users = useScopeUsers().data ?? [];
  // 未设置 (id 0) has no value the lead list filters by: it stays plain
  const link = (kind: RowKind, id: number, column?: number) =>
    plain || column === 0
      ? undefined
      : leadsLink(q, ownersOf(q, users, kind, id), column === undefined ? undefined : { dim, id: column });
  const kindOf = (r: MatrixRow): RowKind => (r.id === 0 && r.name === '合计' ? 'sum' : by);
  const columns: ColumnsType<MatrixRow> = [
    { title: firstTitle ?? (by === 'user' ? '员工' : '部门'), dataIndex: 'name', fixed: 'left', width: 130 },
    ...(by === 'user'
      ? [{ title: '部门', dataIndex: 'deptName', width: 120, render: (v: string | null) => v || '-' }]
      : []),
    ...(data?.heads ?? []).map((h) => ({
      title: h.name,
      key: `h${h.id}`,
      render: (_: unknown, r: MatrixRow) => <Figure value={r.counts[h.id] ?? 0} to={link(kindOf(r), r.id, h.id)} />,
    })),
    {
      title: '合计',
      dataIndex: 'total',
      render: (v: number, r: MatrixRow) => <Figure value={v} to={link(kindOf(r), r.id)} />,
    },
  ];
  const rows = data ? [...data.rows, ...(data.rows.length ? [data.sum] : [])] : [];
  return (
    <Table<MatrixRow>
      rowKey={(r) => `${kindOf(r)}-${r.id}`}
      size="middle"
      scroll={{ x: 'max-content' }}
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      locale={{ emptyText: '暂无数据' }}
      rowClassName={(r) => (kindOf(r) === 'sum' ? 'stats-sum-row' : '')}
    />
  );
}
