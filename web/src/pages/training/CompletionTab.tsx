import { contract } from '@crm/core/contract';
import { Card, Col, Progress, Row, Table, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useCallQuery } from '../../api/hooks';
import { DateRangePicker } from '../../components/DateRangePicker';
import { FilterBar } from '../../components/FilterBar';
import { useDeptTree } from '../../features/training/people';

type Answer = NonNullable<ReturnType<typeof useCompletion>['data']>;
interface Figures {
  total: number;
  notStarted: number;
  studying: number;
  completed: number;
  overdue: number;
  rate: number | null;
}
interface Query {
  deptId?: number;
  startTime?: string;
  endTime?: string;
}

const useCompletion = (q: Query) => useCallQuery(contract.training.completion, q);

function figureColumns<T extends Figures>(): ColumnsType<T> {
  return [
    { title: '培训数', dataIndex: 'total', width: 80 },
    { title: '未开始', dataIndex: 'notStarted', width: 80 },
    { title: '学习中', dataIndex: 'studying', width: 80 },
    { title: '已完成', dataIndex: 'completed', width: 80 },
    { title: '已逾期', dataIndex: 'overdue', width: 80 },
    {
      title: '完成率',
      dataIndex: 'rate',
      width: 160,
      render: (v: number | null) => (v === null ? '-' : <Progress percent={v} size="small" />),
    },
  ];
}

/** 完成情况: completion of the trainings of the session's data scope, per person and per department. */
export function CompletionTab() {
  const [draft, setDraft] = useState<Query & { date?: string | null }>({});
  const [query, setQuery] = useState<Query>({});
  const q = useCompletion(query);
  const depts = useDeptTree();
  const users: ColumnsType<Answer['users'][number]> = [
    { title: '员工', dataIndex: 'userName', width: 110, render: (v) => v ?? '-' },
    { title: '部门', dataIndex: 'deptName', width: 110, render: (v) => v ?? '-' },
    ...figureColumns<Answer['users'][number]>(),
  ];
  const deptCols: ColumnsType<Answer['depts'][number]> = [
    { title: '部门', dataIndex: 'deptName', width: 120 },
    ...figureColumns<Answer['depts'][number]>(),
  ];
  return (
    <>
      <FilterBar
        onSearch={() => setQuery({ deptId: draft.deptId, startTime: draft.startTime, endTime: draft.endTime })}
        onReset={() => {
          setDraft({});
          setQuery({});
        }}
      >
        <DateRangePicker
          disabledFuture
          value={draft.date ?? null}
          onChange={(date, range) => setDraft((d) => ({ ...d, date, startTime: range?.[0], endTime: range?.[1] }))}
        />
        <TreeSelect
          allowClear
          placeholder="全部部门"
          style={{ width: 160 }}
          treeDefaultExpandAll
          treeData={depts.tree}
          value={draft.deptId}
          onChange={(v) => setDraft((d) => ({ ...d, deptId: v ?? undefined }))}
        />
      </FilterBar>
      <Row gutter={12}>
        <Col xs={24} xl={14}>
          <Card size="small" title="按人员">
            <Table
              rowKey="userId"
              size="small"
              loading={q.isLoading}
              columns={users}
              dataSource={q.data?.users ?? []}
              pagination={false}
              data-testid="completion-users"
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title="按部门">
            <Table
              rowKey={(r) => r.deptId ?? 0}
              size="small"
              loading={q.isLoading}
              columns={deptCols}
              dataSource={q.data?.depts ?? []}
              pagination={false}
              data-testid="completion-depts"
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
