import { DownloadOutlined } from '@ant-design/icons';
import type { Call } from '@crm/core/contract';
import { Button, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { type RowOf, useCallDownload, useCallPage } from '../../api/hooks';
import { DateRangePicker } from '../../components/DateRangePicker';
import { FilterBar } from '../../components/FilterBar';
import { useDraftFilters } from '../../components/useDraftFilters';

interface Draft {
  date?: string | null;
  range?: [string, string] | null;
  choice?: string | number;
}

/**
 * One tab of the cost centre: a date range and one choice (type, status…) as filters, the list, and its export
 * with the same filters.
 */
export function ListTab<C extends Call>({
  call,
  exportCall,
  pageName,
  columns,
  choice,
  extra,
}: {
  call: C;
  exportCall?: Call;
  pageName: string;
  columns: ColumnsType<RowOf<C>>;
  choice?: { key: string; placeholder: string; options: { value: string | number; label: string }[] };
  extra?: ReactNode;
}) {
  const bar = useDraftFilters<Draft, Record<string, unknown>>(
    () => list.pager.reset(),
    (d) => ({ startTime: d.range?.[0], endTime: d.range?.[1], ...(choice ? { [choice.key]: d.choice } : {}) }),
  );
  const list = useCallPage(call, bar.filters, pageName);
  const exporting = useCallDownload(exportCall ?? call, { success: '导出成功' });
  return (
    <>
      <FilterBar
        onSearch={bar.search}
        onReset={bar.reset}
        extra={
          <>
            {extra}
            {exportCall && (
              <Button
                icon={<DownloadOutlined />}
                loading={exporting.isPending}
                onClick={() => exporting.mutate(bar.filters as never)}
                style={{ marginLeft: 8 }}
              >
                导出
              </Button>
            )}
          </>
        }
      >
        {choice && (
          <Select
            allowClear
            placeholder={choice.placeholder}
            style={{ width: 140 }}
            value={bar.draft.choice}
            onChange={(v) => bar.patch({ choice: v })}
            options={choice.options}
          />
        )}
        <DateRangePicker disabledFuture value={bar.draft.date} onChange={(date, range) => bar.patch({ date, range })} />
      </FilterBar>
      <Table<RowOf<C>> rowKey="id" size="middle" columns={columns} {...list.tableProps} />
    </>
  );
}
