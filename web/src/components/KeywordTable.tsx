import type { Call } from '@crm/core/contract';
import { Input, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { type RowOf, useCallPage } from '../api/hooks';
import { useDraftFilters } from './useDraftFilters';

/**
 * A paged list searched by one keyword: the box with its 查询 button (an empty box lists everything, from the first
 * page) and `extra` (新增…) on the right, then the table of `call`'s rows.
 */
export function KeywordTable<C extends Call>({
  call,
  pageName,
  placeholder,
  columns,
  extra,
}: {
  call: C;
  /** Keys the remembered page size. */
  pageName: string;
  placeholder: string;
  columns: ColumnsType<RowOf<C>>;
  extra?: ReactNode;
}) {
  const { filters, apply } = useDraftFilters<{ keyword?: string }>(() => list.pager.reset());
  const list = useCallPage(call, filters, pageName);
  return (
    <>
      <Space className="page-filters" style={{ width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          allowClear
          placeholder={placeholder}
          style={{ width: 260 }}
          enterButton="查询"
          onSearch={(v) => apply({ keyword: v || undefined })}
        />
        {extra}
      </Space>
      <Table<RowOf<C>> rowKey="id" size="middle" columns={columns} {...list.tableProps} />
    </>
  );
}
