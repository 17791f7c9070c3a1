import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@crm/core';
import type { TablePaginationConfig } from 'antd';
import { useCallback, useState } from 'react';
import { LocalKeys } from '../app/storageKeys';

function readSizes(): Record<string, number> {
  try {
    const v = JSON.parse(localStorage.getItem(LocalKeys.paginationObj) ?? '{}');
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

/** The page size remembered for a page (10, 20, 50 or 100; default 10). */
export function rememberedPageSize(pageName: string): number {
  const size = Number(readSizes()[pageName]);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}

export function rememberPageSize(pageName: string, size: number): void {
  localStorage.setItem(LocalKeys.paginationObj, JSON.stringify({ ...readSizes(), [pageName]: size }));
}

export const showTotal = (total: number) => `共 ${total} 条`;

/** Shared layout: total, sizes, prev, pager, next, jumper. */
export const paginationLayout = {
  showTotal,
  showSizeChanger: true,
  showQuickJumper: true,
  pageSizeOptions: PAGE_SIZES.map(String),
} as const;

/**
 * Paging state of a list page with the page size remembered per page in localStorage `paginationObj`.
 * `tableProps(total)` is the Table's pagination prop.
 */
export function usePagination(pageName: string) {
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(() => rememberedPageSize(pageName));
  const onChange = useCallback(
    (page: number, size: number) => {
      if (size !== pageSize) {
        rememberPageSize(pageName, size);
        setPageSize(size);
        setPageNum(1);
      } else setPageNum(page);
    },
    [pageName, pageSize],
  );
  const tableProps = (total: number): TablePaginationConfig => ({
    ...paginationLayout,
    pageSizeOptions: [...paginationLayout.pageSizeOptions],
    current: pageNum,
    pageSize,
    total,
    onChange,
  });
  return { pageNum, pageSize, setPageNum, reset: () => setPageNum(1), query: { pageNum, pageSize }, tableProps };
}
