import type { WorkRow } from '@crm/core/contract/stats';
import { Table, Tooltip } from 'antd';
import type { ColumnsType, TableProps } from 'antd/es/table';
import { navigateTo } from '../../app/navigation';
import { formatValue, type StatsQuery, type ValueKind } from '../../components/charts';
import { LinkButton } from '../../components/LinkButton';
import { callsLink } from './links';

/** A figure that opens the list behind it; zero and rows without a list stay plain. */
export function Figure({ value, kind = 'count', to }: { value: number; kind?: ValueKind; to?: string }) {
  const text = formatValue(value, kind);
  if (!to || value === 0) return <span>{text}</span>;
  return (
    <Tooltip title="查看明细">
      <LinkButton onClick={() => navigateTo(to)}>{text}</LinkButton>
    </Tooltip>
  );
}

/** The work columns (calls, answered, rate, talk time, leads, follow-ups) of staff and call statistics. */
export function workColumns(q: StatsQuery, by: 'user' | 'dept' | 'day', withLeads: boolean): ColumnsType<WorkRow> {
  // a user's calls open their call records; departments and days have no single-user list
  const calls = (r: WorkRow, status?: 2 | 3) => (by === 'user' && r.id ? callsLink(q, r.id, status) : undefined);
  const cols: ColumnsType<WorkRow> = [
    {
      title: by === 'user' ? '员工' : by === 'dept' ? '部门' : '日期',
      dataIndex: 'name',
      fixed: 'left',
      width: 130,
    },
    ...(by === 'user'
      ? [{ title: '部门', dataIndex: 'deptName', width: 120, render: (v: string | null) => v || '-' }]
      : []),
    { title: '外呼数', dataIndex: 'calls', render: (v, r) => <Figure value={v} to={calls(r)} /> },
    { title: '接通数', dataIndex: 'answered', render: (v, r) => <Figure value={v} to={calls(r, 2)} /> },
    { title: '未接通数', dataIndex: 'missed', render: (v, r) => <Figure value={v} to={calls(r, 3)} /> },
    { title: '接通率', dataIndex: 'answerRate', render: (v) => formatValue(v, 'percent') },
    { title: '通话总时长', dataIndex: 'talkSeconds', render: (v) => formatValue(v, 'duration') },
    { title: '平均通话时长', dataIndex: 'avgTalkSeconds', render: (v) => formatValue(v, 'duration') },
    {
      title: <Tooltip title="员工上传的录音（非外呼产生），按通话时间计入；外呼相关各列只统计外呼">上传录音数</Tooltip>,
      dataIndex: 'uploads',
      render: (v) => formatValue(v),
    },
    { title: '上传录音时长', dataIndex: 'uploadSeconds', render: (v) => formatValue(v, 'duration') },
  ];
  if (withLeads)
    cols.push(
      { title: '领取/分配线索数', dataIndex: 'taken', render: (v) => formatValue(v) },
      { title: '跟进次数', dataIndex: 'followUps', render: (v) => formatValue(v) },
    );
  return cols;
}

/** A table of work rows with the sum as its last line. */
export function WorkTable({
  rows,
  sum,
  columns,
  ...rest
}: { rows: WorkRow[]; sum?: WorkRow; columns: ColumnsType<WorkRow> } & Omit<TableProps<WorkRow>, 'columns'>) {
  return (
    <Table<WorkRow>
      rowKey={(r) => `${r.id}-${r.name}`}
      size="middle"
      scroll={{ x: 'max-content' }}
      columns={columns}
      dataSource={rows}
      locale={{ emptyText: '暂无数据' }}
      summary={() =>
        sum && rows.length ? (
          <Table.Summary fixed>
            <Table.Summary.Row>
              {columns.map((c, i) => {
                const key = (c as { dataIndex?: keyof WorkRow }).dataIndex;
                const v = key ? sum[key] : '';
                const cell = i === 0 ? '合计' : key === 'deptName' ? '' : (c.render?.(v, { ...sum, id: 0 }, 0) ?? v);
                return (
                  <Table.Summary.Cell key={String(key ?? i)} index={i}>
                    <b>{cell as React.ReactNode}</b>
                  </Table.Summary.Cell>
                );
              })}
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
      {...rest}
    />
  );
}
