import { contract } from '@crm/core/contract';
import { Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { type RowOf, useCallPage } from '../../api/hooks';
import { FilterBar } from '../../components/FilterBar';
import { LinkButton } from '../../components/LinkButton';
import { StudyDrawer } from './StudyDrawer';
import { KindTag, StatusTag, statusOptions } from './status';

type Row = RowOf<typeof contract.training.callTrainPage>;

/** 我的培训: the session's own trainings; 学习 opens the call at its marked moments. */
export function MyTrainings() {
  const [draft, setDraft] = useState<number | undefined>();
  const [status, setStatus] = useState<number | undefined>();
  const [open, setOpen] = useState<number | null>(null);
  const list = useCallPage(contract.training.callTrainPage, { mine: 1, status }, 'staffTraining');
  const columns: ColumnsType<Row> = [
    { title: '培训', dataIndex: 'title', ellipsis: true },
    { title: '类型', dataIndex: 'sourceName', width: 100 },
    { title: '案例', dataIndex: 'kind', width: 100, render: (v, r) => <KindTag kind={v} name={r.kindName} /> },
    { title: '状态', dataIndex: 'status', width: 100, render: (v, r) => <StatusTag status={v} name={r.statusName} /> },
    { title: '截止时间', dataIndex: 'deadline', width: 170 },
    { title: '指派人', dataIndex: 'assignedByName', width: 100, render: (v) => v ?? '-' },
    {
      title: '操作',
      key: 'op',
      width: 90,
      render: (_, r) => (
        <LinkButton onClick={() => setOpen(r.id)} data-testid="train-study">
          {r.status === 3 ? '查看' : '学习'}
        </LinkButton>
      ),
    },
  ];
  return (
    <>
      <FilterBar
        onSearch={() => {
          setStatus(draft);
          list.pager.reset();
        }}
      >
        <Select
          allowClear
          placeholder="状态"
          style={{ width: 120 }}
          value={draft}
          onChange={setDraft}
          options={statusOptions}
        />
      </FilterBar>
      <Table<Row> rowKey="id" size="middle" columns={columns} {...list.tableProps} data-testid="my-trainings" />
      {open && <StudyDrawer id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
