import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/** A copy of the list with item `i` moved one place up (-1) or down (1); the same list when it cannot move. */
export function swap<T>(list: readonly T[], i: number, d: -1 | 1): T[] {
  const next = [...list];
  const j = i + d;
  if (j < 0 || j >= next.length) return next;
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

/** Up and down buttons of a row in a reorderable list. */
export default function MoveButtons({
  index,
  count,
  onMove,
}: {
  index: number;
  count: number;
  onMove: (index: number, d: -1 | 1) => void;
}) {
  return (
    <>
      <Button
        type="text"
        size="small"
        icon={<ArrowUpOutlined />}
        aria-label="上移"
        disabled={index === 0}
        onClick={() => onMove(index, -1)}
      />
      <Button
        type="text"
        size="small"
        icon={<ArrowDownOutlined />}
        aria-label="下移"
        disabled={index === count - 1}
        onClick={() => onMove(index, 1)}
      />
    </>
  );
}
