import { DEFAULT_PAGE_SIZE, type Page } from '@crm/core';
import { z } from 'zod';

/** `{ pageNum, pageSize }` of every list request: pageNum from 1, pageSize one of 10, 20, 50, 100. */
export const pageQuery = {
  pageNum: z.coerce.number().int().min(1, '页码最小为 1').default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => [10, 20, 50, 100].includes(n), '每页条数只能是 10、20、50、100')
    .default(DEFAULT_PAGE_SIZE),
};
export const PageRequest = z.object(pageQuery);
export type PageRequest = z.infer<typeof PageRequest>;

export function offsetOf(p: PageRequest): number {
  return (p.pageNum - 1) * p.pageSize;
}

export function page<T>(lists: T[], total: number, p: PageRequest): Page<T> {
  return { lists, total, pageNum: p.pageNum, pageSize: p.pageSize };
}
