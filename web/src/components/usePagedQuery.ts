import type { Page } from '@crm/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { useEffect } from 'react';
import { useSessionOwner } from '../app/session';
import { usePagination } from './pagination';

/** The page to go to when `pageNum` came back empty because the list shrank (rows deleted): the last one, else null. */
export function clampedPage(pageNum: number, pageSize: number, total: number, rows: number): number | null {
  const last = Math.max(1, Math.ceil(total / pageSize));
  return rows === 0 && pageNum > last ? last : null;
}

/**
 * A paged list for an antd Table: remembered page size (usePagination), TanStack Query fetching, filters in the key.
 * `fetch` gets { pageNum, pageSize, ...filters } (and the query's abort signal) and answers { lists, total, pageNum,
 * pageSize }. When the list shrinks under the current page (its last rows deleted), the page moves back to the last one.
 */
export interface PagedQueryOptions<T> {
  /** The list's part of the query key, after the owner (default the page name): what invalidating matches. */
  key?: string;
  /** Polls while the rows shown ask for it (e.g. some are still being transcribed). */
  refetchInterval?: (rows: T[]) => number | false;
  /** Read only while true (a closed drawer, a search not yet made): the table shows no rows meanwhile. */
  enabled?: boolean;
}

/** The query key of a page of a list: the session's owner, the list's key, its filters, page and size. */
export const pagedKeyOf = (owner: string, key: string, filters: unknown, pageNum: number, pageSize: number) =>
  [owner, key, filters, pageNum, pageSize] as const;

export function usePagedQuery<T, F extends Record<string, unknown>>(
  pageName: string,
  filters: F,
  fetch: (q: F & { pageNum: number; pageSize: number }, signal?: AbortSignal) => Promise<Page<T>>,
  { key = pageName, refetchInterval, enabled }: PagedQueryOptions<T> = {},
) {
  const pager = usePagination(pageName);
  // the session's owner first, as in every key (api/hooks.ts ownedKeyOf): no user's rows are shown to another
  const owner = useSessionOwner();
  const query = useQuery({
    queryKey: pagedKeyOf(owner, key, filters, pager.pageNum, pager.pageSize),
    queryFn: ({ signal }) => fetch({ ...filters, pageNum: pager.pageNum, pageSize: pager.pageSize }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refetchInterval ? (q) => refetchInterval(q.state.data?.lists ?? []) : undefined,
    enabled,
  });
  const { setPageNum } = pager;
  const back =
    query.data && !query.isPlaceholderData
      ? clampedPage(pager.pageNum, pager.pageSize, query.data.total, query.data.lists.length)
      : null;
  useEffect(() => {
    if (back !== null) setPageNum(back);
  }, [back, setPageNum]);
  const tableProps: Pick<TableProps<T>, 'dataSource' | 'loading' | 'pagination'> = {
    dataSource: query.data?.lists ?? [],
    loading: query.isFetching,
    pagination: pager.tableProps(query.data?.total ?? 0),
  };
  return { ...query, pager, tableProps, total: query.data?.total ?? 0 };
}
