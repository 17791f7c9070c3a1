import { ClockCircleOutlined } from '@ant-design/icons';
import { Tooltip, Typography } from 'antd';

/**
 * How fresh the figures are: live figures say so; figures of a rollup say when it was last brought up to date
 * (the time of its last refresh, `YYYY-MM-DD HH:mm:ss`).
 */
export function Freshness({ at }: { at: string | null | undefined }) {
  const text = at ? `数据更新于 ${at}` : '实时数据';
  return (
    <Tooltip title={at ? '统计表按任务增量刷新，最新的通话与线索会在下一次刷新后计入' : '按当前数据实时计算'}>
      <Typography.Text type="secondary" data-testid="stats-freshness">
        <ClockCircleOutlined /> {text}
      </Typography.Text>
    </Tooltip>
  );
}
