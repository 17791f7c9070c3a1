import type { Page } from '@crm/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { usePagination } from './pagination';

/**
 * A paged list for an antd Table: remembered page size (usePagination), TanStack Query fetching, filters in the key.
 * `fetch` gets { pageNum, pageSize, ...filters } and answers { lists, total, pageNum, pageSize }.
 */
export function usePagedQuery<T, F extends Record<string, unknown>>(
  pageName: string,
  filters: F,
  fetch: (q: F & { pageNum: number; pageSize: number }) => Promise<Page<T>>,
) {
  const pager = usePagination(pageName);
  const query = useQuery({
    queryKey: [pageName, filters, pager.pageNum, pager.pageSize],
    queryFn: () => fetch({ ...filters, pageNum: pager.pageNum, pageSize: pager.pageSize }),
    placeholderData: keepPreviousData,
  });
  const tableProps: Pick<TableProps<T>, 'dataSource' | 'loading' | 'pagination'> = {
    dataSource: query.data?.lists ?? [],
    loading: query.isFetching,
    pagination: pager.tableProps(query.data?.total ?? 0),
  };
  return { ...query, pager, tableProps, total: query.data?.total ?? 0 };
}
