import { DownloadOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import { Button, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useUserOptions } from '../../api/directory';
import { type RowOf, useCallDownload, useCallPage } from '../../api/hooks';
import { DateRangePicker } from '../../components/DateRangePicker';
import { FilterBar, KeywordInput } from '../../components/FilterBar';
import { SearchSelect } from '../../components/SearchSelect';
import { useDraftFilters } from '../../components/useDraftFilters';

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
  const bar = useDraftFilters<Draft, Filters>(() => list.pager.reset(), toFilters);
  const { draft, patch, filters } = bar;
  const list = useCallPage(c.list, filters, 'OperationLog');
  // what the list shows: the applied filters, not the ones typed but not yet searched (a file answer: the client
  // shows a failure itself)
  const exporting = useCallDownload(c.export, { success: '导出成功' });
  const columns: ColumnsType<LogRow> = [
    { title: '操作时间', dataIndex: 'createdAt', width: 180 },
    { title: '操作人', dataIndex: 'realName', width: 140, render: (v, r) => v || r.username || '-' },
    { title: '操作', dataIndex: 'action', width: 160 },
    {
      title: '操作内容',
      dataIndex: 'pathName',
      ellipsis: true,
      render: (v, r) => (
        <Tooltip title={r.path}>
          <span data-testid="log-path-name">{v}</span>
        </Tooltip>
      ),
    },
    { title: 'IP', dataIndex: 'ip', width: 140, render: (v) => v || '-' },
    { title: '对象 ID', dataIndex: 'result', width: 100, render: (v) => v || '-' },
  ];
  return (
    <div className="page-card">
      <FilterBar
        onSearch={bar.search}
        onReset={bar.reset}
        extra={
          <Button
            icon={<DownloadOutlined />}
            loading={exporting.isPending}
            onClick={() => {
              exporting.mutate(filters);
            }}
          >
            导出
          </Button>
        }
      >
        <SearchSelect
          style={{ width: 180 }}
          placeholder="操作人"
          value={draft.userId}
          onChange={(v) => patch({ userId: v })}
          options={(users.data ?? []).map((u) => ({ value: u.id, label: u.realName }))}
        />
        <KeywordInput of={bar} placeholder="操作或接口关键词" width={200} />
        <DateRangePicker disabledFuture value={draft.date} onChange={(date, range) => patch({ date, range })} />
      </FilterBar>
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
