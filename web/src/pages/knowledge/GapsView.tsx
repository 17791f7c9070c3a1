import { contract } from '@crm/core/contract';
import { KnowledgeGapName, KnowledgeUsefulName } from '@crm/core/contract/knowledge';
import { Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { type RowOf, useCallPage } from '../../api/hooks';

const k = contract.knowledge;
const opts = (m: Record<number, string>) =>
  Object.entries(m).map(([value, label]) => ({ value: Number(value), label }));

/** Questions the bases did not answer or that were rated 没用: what to write next. */
export function GapsView() {
  const [reason, setReason] = useState<number | undefined>();
  const list = useCallPage(k.gaps, { reason }, 'knowledge-gaps');
  const columns: ColumnsType<RowOf<typeof k.gaps>> = [
    { title: '提问时间', dataIndex: 'createdAt', width: 180 },
    { title: '提问人', dataIndex: 'userName', width: 110, render: (v) => v || '-' },
    { title: '问题', dataIndex: 'question', ellipsis: true },
    {
      title: '原因',
      dataIndex: 'reasonName',
      width: 100,
      render: (v: string, r) => <Tag color={r.reason === 1 ? 'orange' : 'red'}>{v}</Tag>,
    },
    { title: '评价说明', dataIndex: 'comment', ellipsis: true, render: (v) => v || '-' },
  ];
  return (
    <>
      <Select
        allowClear
        placeholder="原因"
        style={{ width: 140, marginBottom: 12 }}
        value={reason}
        onChange={setReason}
        options={opts(KnowledgeGapName)}
      />
      <Table rowKey="questionId" size="middle" columns={columns} {...list.tableProps} data-testid="knowledge-gaps" />
    </>
  );
}

/** Every rating of answers (holders of knowledge:edit see the organisation's). */
export function RatingsView() {
  const [useful, setUseful] = useState<number | undefined>();
  const list = useCallPage(k.feedbackList, { useful }, 'knowledge-ratings');
  const columns: ColumnsType<RowOf<typeof k.feedbackList>> = [
    { title: '评价时间', dataIndex: 'createdAt', width: 180 },
    { title: '评价人', dataIndex: 'userName', width: 110, render: (v) => v || '-' },
    { title: '问题', dataIndex: 'question', ellipsis: true },
    {
      title: '评价',
      dataIndex: 'usefulName',
      width: 90,
      render: (v: string, r) => <Tag color={r.useful === 1 ? 'green' : 'red'}>{v}</Tag>,
    },
    { title: '说明', dataIndex: 'comment', ellipsis: true, render: (v) => v || '-' },
  ];
  return (
    <>
      <Select
        allowClear
        placeholder="评价"
        style={{ width: 140, marginBottom: 12 }}
        value={useful}
        onChange={setUseful}
        options={opts(KnowledgeUsefulName)}
      />
      <Table rowKey="id" size="middle" columns={columns} {...list.tableProps} />
    </>
  );
}
