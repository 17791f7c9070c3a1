import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';

/**
 * The 操作 column of a table, for who may act; none for the others. Spread it into the columns:
 * `...actionColumn(canEdit, 140, (row) => <LinkButton …/>)`.
 */
export function actionColumn<T>(
  shown: boolean,
  width: number,
  render: (row: T) => ReactNode,
  fixed?: 'right',
): ColumnType<T>[] {
  return shown ? [{ title: '操作', key: 'op', width, fixed, render: (_, row) => render(row) }] : [];
}
