import { contract } from '@crm/core/contract';
import { PracticeStatusName } from '@crm/core/contract/practice';
import { Drawer, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { type RowOf, useCallPage, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { EChart } from '../../components/charts';
import { DateRangePicker } from '../../components/DateRangePicker';
import { FilterBar } from '../../components/FilterBar';
import { LinkButton } from '../../components/LinkButton';
import { useDraftFilters } from '../../components/useDraftFilters';
import { ReviewView } from './ReviewView';

const T = contract.chatScriptTrainingSession;
type Row = RowOf<typeof T.pagelist>;
interface Filters extends Record<string, unknown> {
  scriptId?: number;
  status?: number;
  passed?: number;
  startTime?: string;
  endTime?: string;
}

const opts = (m: Record<number, string>) =>
  Object.entries(m).map(([value, label]) => ({ value: Number(value), label }));

/** Each person's scores over time (managers: everyone in their data scope). */
function Progress({ scriptId }: { scriptId?: number }) {
  const q = useCallQuery(T.progress, { scriptId });
  const people = q.data ?? [];
  if (!people.length) return null;
  return (
    <div data-testid="practice-progress" style={{ marginBottom: 16 }}>
      <Typography.Title level={5}>成长曲线</Typography.Title>
      <EChart
        style={{ height: 260 }}
        option={{
          tooltip: { trigger: 'axis' },
          legend: { data: people.map((p) => p.userName ?? `#${p.userId}`) },
          xAxis: { type: 'time' },
          yAxis: { type: 'value', min: 0, max: 100, name: '得分' },
          series: people.map((p) => ({
            name: p.userName ?? `#${p.userId}`,
            type: 'line',
            data: p.points.map((x) => [x.at.replace(' ', 'T'), x.score]),
          })),
        }}
      />
    </div>
  );
}

/** /practicelog (陪练记录): every session with its score and replay; managers see their people and their progress. */
export default function PracticeLogPage() {
  const others = useHasSign('practice:view');
  const bar = useDraftFilters<Filters & { date?: string | null }, Filters>(
    () => list.pager.reset(),
    ({ date: _date, ...rest }) => rest,
  );
  const { draft, patch, filters } = bar;
  const [open, setOpen] = useState<number | null>(null);
  const list = useCallPage(T.pagelist, filters, 'practiceLog');
  const scripts = useCallPage(contract.chatScript.pagelist, {}, 'practiceLogScripts');
  const columns: ColumnsType<Row> = [
    { title: '开始时间', dataIndex: 'startedAt', width: 170 },
    ...(others ? [{ title: '陪练人', dataIndex: 'userName', width: 100 }] : []),
    { title: '陪练脚本', dataIndex: 'scriptName' },
    { title: '客户', dataIndex: 'engine', width: 100, render: (v: string) => (v === 'llm' ? '大模型' : '内置引擎') },
    { title: '轮次', dataIndex: 'turnCount', width: 70 },
    { title: '时长', dataIndex: 'durationSeconds', width: 90, render: (v: number) => `${Math.ceil(v / 60)} 分钟` },
    {
      title: '得分',
      dataIndex: 'totalScore',
      width: 120,
      render: (v: number | null, r) =>
        v === null ? (
          '-'
        ) : (
          <span>
            {v} {r.passed ? <Tag color="success">及格</Tag> : <Tag color="error">未及格</Tag>}
          </span>
        ),
    },
    { title: '状态', dataIndex: 'statusName', width: 90 },
    {
      title: '操作',
      key: 'op',
      width: 100,
      render: (_, r) => <LinkButton onClick={() => setOpen(r.id)}>点评与回放</LinkButton>,
    },
  ];
  return (
    <div>
      {others && <Progress scriptId={filters.scriptId} />}
      <FilterBar onSearch={bar.search} onReset={bar.reset}>
        <Select
          allowClear
          placeholder="陪练脚本"
          style={{ width: 180 }}
          value={draft.scriptId}
          onChange={(v) => patch({ scriptId: v })}
          options={(scripts.data?.lists ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
        <Select
          allowClear
          placeholder="状态"
          style={{ width: 120 }}
          value={draft.status}
          onChange={(v) => patch({ status: v })}
          options={opts(PracticeStatusName)}
        />
        <Select
          allowClear
          placeholder="是否及格"
          style={{ width: 120 }}
          value={draft.passed}
          onChange={(v) => patch({ passed: v })}
          options={opts({ 1: '及格', 2: '未及格' })}
        />
        <DateRangePicker
          disabledFuture
          value={draft.date}
          onChange={(date, range) => patch({ date, startTime: range?.[0], endTime: range?.[1] })}
        />
      </FilterBar>
      <Table<Row> rowKey="id" size="middle" columns={columns} {...list.tableProps} locale={{ emptyText: '暂无数据' }} />
      <Drawer open={open !== null} size={860} title="陪练点评" onClose={() => setOpen(null)} destroyOnHidden>
        {open !== null && <ReviewView sessionId={open} />}
      </Drawer>
    </div>
  );
}
