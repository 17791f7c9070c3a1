import { contract } from '@crm/core/contract';
import { Button, Space, Tag, Tooltip } from 'antd';
import { useCallMutation, useCallQuery } from '../../api/hooks';

const STATUS = {
  0: ['default', '未同步'],
  1: ['processing', '同步中'],
  2: ['success', '已完成'],
  3: ['error', '失败'],
} as const;

/** The two sync buttons with the state of the last run of each (polled while one runs). */
export function SyncBar({ kinds }: { kinds: ('user' | 'customer')[] }) {
  const status = useCallQuery(contract.wecom.syncStatus, undefined, {
    refetchInterval: (d) => (d && (d.user.status === 1 || d.customer.status === 1) ? 1500 : false),
  });
  const invalidate = [contract.wecom.syncStatus, contract.wechatUser.pagelist, contract.wechatCustomer.pagelist];
  const users = useCallMutation(contract.wecom.updateWeComUser, { invalidate, onSuccess: () => status.refetch() });
  const customers = useCallMutation(contract.wecom.updateWeComCustom, {
    invalidate,
    onSuccess: () => status.refetch(),
  });
  const tag = (kind: 'user' | 'customer') => {
    const s = status.data?.[kind];
    if (!s) return null;
    const [color, text] = STATUS[s.status as keyof typeof STATUS] ?? STATUS[0];
    return (
      <Tooltip title={`${s.message}${s.finishedAt ? `（${s.finishedAt}）` : ''}`}>
        <Tag color={color} data-testid={`sync-${kind}`}>
          {text}
          {s.status === 1 ? ` ${s.done}` : ''}
        </Tag>
      </Tooltip>
    );
  };
  return (
    <Space>
      {kinds.includes('user') && (
        <>
          <Button onClick={() => users.mutate(undefined)} loading={users.isPending || status.data?.user.status === 1}>
            同步员工
          </Button>
          {tag('user')}
        </>
      )}
      {kinds.includes('customer') && (
        <>
          <Button
            onClick={() => customers.mutate(undefined)}
            loading={customers.isPending || status.data?.customer.status === 1}
          >
            同步客户
          </Button>
          {tag('customer')}
        </>
      )}
    </Space>
  );
}
