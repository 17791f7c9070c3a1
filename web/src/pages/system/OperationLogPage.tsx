import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import { Button, Input, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useUserOptions } from '../../api/directory';
import { type RowOf, useCallDownload, useCallPage } from '../../api/hooks';
import { DateRangePicker } from '../../components/DateRangePicker';
import { SearchSelect } from '../../components/SearchSelect';

const c = contract.operationLog;

type LogRow = RowOf<typeof c.list>;

interface Filters extends Record<string, unknown> {
  userId?: number;
  keyword?: string;
  startTime?: string;
  endTime?: string;
}

interface Draft {
  userId?: number;
  keyword?: string;
  date?: string | null;
  range?: [string, string] | null;
}

const toFilters = (d: Draft): Filters => ({
  userId: d.userId,
  keyword: d.keyword?.trim() || undefined,
  startTime: d.range?.[0],
  endTime: d.range?.[1],
});

/** /OperationLog: every audited write of the organisation, with export to Excel. */
export default function OperationLogPage() {
  const users = useUserOptions();
  const [draft, setDraft] = useState<Draft>({});
  const [filters, setFilters] = useState<Filters>({});
  const list = useCallPage(c.list, filters, 'OperationLog');
  // what the list shows: the applied filters, not the ones typed but not yet searched (a file answer: the client
  // shows a failure itself)
  const exporting = useCallDownload(c.export, { success: '导出成功' });
  const search = () => {
    list.pager.reset();
    setFilters(toFilters(draft));
  };
  const columns: ColumnsType<LogRow> = [
    { title: '操作时间', dataIndex: 'createdAt', width: 180 },
    { title: '操作人', dataIndex: 'realName', width: 140, render: (v, r) => v || r.username || '-' },
    { title: '操作', dataIndex: 'action', width: 160 },
    { title: '接口', dataIndex: 'path', ellipsis: true, render: (v) => <Typography.Text code>{v}</Typography.Text> },
    { title: 'IP', dataIndex: 'ip', width: 140, render: (v) => v || '-' },
    { title: '对象 ID', dataIndex: 'result', width: 100, render: (v) => v || '-' },
  ];
  return (
    <div className="page-card">
      <Space wrap className="page-filters" style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <SearchSelect
            style={{ width: 180 }}
            placeholder="操作人"
            value={draft.userId}
            onChange={(v) => setDraft({ ...draft, userId: v })}
            options={(users.data ?? []).map((u) => ({ value: u.id, label: u.realName }))}
          />
          <Input
            allowClear
            placeholder="操作或接口关键词"
            style={{ width: 200 }}
            value={draft.keyword}
            onChange={(e) => setDraft({ ...draft, keyword: e.target.value })}
            onPressEnter={search}
          />
          <DateRangePicker
            disabledFuture
            value={draft.date}
            onChange={(date, range) => setDraft({ ...draft, date, range })}
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            查询
          </Button>
          <Button
            onClick={() => {
              setDraft({});
              list.pager.reset();
              setFilters({});
            }}
          >
            重置
          </Button>
        </Space>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          onClick={() => {
            exporting.mutate(filters);
          }}
        >
          导出
        </Button>
      </Space>
      <Table<LogRow>
        rowKey="id"
        size="middle"
        columns={columns}
        {...list.tableProps}
        expandable={{
          rowExpandable: (r) => !!r.detail && Object.keys(r.detail as object).length > 0,
          expandedRowRender: (r) => (
            <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>{JSON.stringify(r.detail, null, 2)}</pre>
          ),
        }}
      />
    </div>
  );
}
