import type { Page } from '@crm/core';
import type { XlsxColumn, XlsxExport } from '../../platform/xlsxExport';

/** Rows an export writes at most; the list's filters narrow a larger one. */
export const EXPORT_LIMIT = 50_000;
const BATCH = 100;

/**
 * An export of a list call: the same filters, scope and views as the screen, page after page, one sheet row per
 * list row. Shared by the cost-centre tabs and the order list.
 */
export function listExport<F extends { pageNum: number; pageSize: number }, R>(
  sheetName: string,
  columns: XlsxColumn[],
  list: (f: F) => Promise<Page<R>>,
  filter: F,
  cells: (row: R) => unknown[],
): (x: XlsxExport) => Promise<void> {
  return async (x) => {
    const sheet = x.sheet(sheetName, columns);
    for (let pageNum = 1; (pageNum - 1) * BATCH < EXPORT_LIMIT; pageNum++) {
      const { lists } = await list({ ...filter, pageNum, pageSize: BATCH as F['pageSize'] });
      for (const r of lists) sheet.add(cells(r));
      if (lists.length < BATCH) return;
    }
  };
}
