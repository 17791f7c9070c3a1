import type { Page } from '@crm/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { InfiniteScroll, List } from 'antd-mobile';
import { Fragment, type Key, type ReactNode } from 'react';
import { MobileEmpty, MobileError, MobileLoading } from './states';

export interface InfiniteListProps<R> {
  query: UseInfiniteQueryResult<InfiniteData<Page<R>>>;
  rowKey: (row: R) => Key;
  /** A row: usually a List.Item (touch target of at least 44 px). */
  renderItem: (row: R) => ReactNode;
  /** Above the rows (the total, a summary). */
  header?: ReactNode;
  testId?: string;
}

/** The rows of an infinite list (useCallInfinite): loading, 暂无数据, a failure with 重试, more as it scrolls. */
export function InfiniteList<R>({ query, rowKey, renderItem, header, testId }: InfiniteListProps<R>) {
  const rows = query.data?.pages.flatMap((p) => p.lists) ?? [];
  if (query.isPending) return <MobileLoading />;
  if (query.isError && rows.length === 0)
    return <MobileError message={(query.error as Error).message} onRetry={() => void query.refetch()} />;
  if (rows.length === 0) return <MobileEmpty />;
  return (
    <div data-testid={testId}>
      <List header={header}>
        {rows.map((row) => (
          <Fragment key={rowKey(row)}>{renderItem(row)}</Fragment>
        ))}
      </List>
      <InfiniteScroll
        hasMore={!!query.hasNextPage}
        loadMore={async () => {
          // a failure stops the loading until the list is scrolled again
          await query.fetchNextPage({ throwOnError: true });
        }}
      />
    </div>
  );
}
