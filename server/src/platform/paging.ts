import type { Page } from '@crm/core';
import type { PageRequest } from '@crm/core/contract/fields';

export { PageRequest, pageQuery } from '@crm/core/contract/fields';

export function offsetOf(p: PageRequest): number {
  return (p.pageNum - 1) * p.pageSize;
}

export function page<T>(lists: T[], total: number, p: PageRequest): Page<T> {
  return { lists, total, pageNum: p.pageNum, pageSize: p.pageSize };
}
