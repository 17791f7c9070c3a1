import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ColumnType } from 'antd/es/table';

/**
 * The 顺序 column of an ordered list (pools, assignment rules): up and down swap a row with its neighbour and hand the
 * new order of ids to `save`.
 */
export function orderColumn<T extends { id: number }>(rows: T[], save: (ids: number[]) => void): ColumnType<T> {
  const move = (i: number, d: -1 | 1) => {
    const ids = rows.map((r) => r.id);
    [ids[i], ids[i + d]] = [ids[i + d], ids[i]];
    save(ids);
  };
  return {
    title: '顺序',
    key: 'sort',
    width: 90,
    render: (_, _r, i) => (
      <Space size={0}>
        <Button
          type="text"
          size="small"
          icon={<ArrowUpOutlined />}
          disabled={i === 0}
          onClick={() => move(i, -1)}
          aria-label="上移"
        />
        <Button
          type="text"
          size="small"
          icon={<ArrowDownOutlined />}
          disabled={i === rows.length - 1}
          onClick={() => move(i, 1)}
          aria-label="下移"
        />
      </Space>
    ),
  };
}
