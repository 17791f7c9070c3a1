import { contract } from '@crm/core/contract';
import { Alert, Descriptions, Form, Modal, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { showSuccess } from '../../app/ui';
import { SearchSelect } from '../../components/SearchSelect';
import { POOL_READS } from './actions';
import { useClueUsers, userOptions } from './data';

const p = contract.publicSeaPool;

/**
 * A departing user in one step: what they hold (quitUserCheck), then their leads into a pool as departed-employee
 * data or to a colleague, and the account disabled.
 */
export function QuitHandoverModal({
  open,
  userId: given,
  onClose,
}: {
  open: boolean;
  userId?: number;
  onClose: () => void;
}) {
  const users = useClueUsers();
  const pools = useCallQuery(p.list, undefined, { enabled: open });
  const [userId, setUserId] = useState<number | undefined>(given);
  const [mode, setMode] = useState<1 | 2>(1);
  const [poolId, setPoolId] = useState<number>();
  const [toUserId, setToUserId] = useState<number>();
  const who = userId ?? given;
  const check = useCallQuery(p.quitUserCheck, { userId: who ?? 0 }, { enabled: open && !!who });
  const handover = useCallMutation(p.quitUserHandover, {
    invalidate: [...POOL_READS, contract.users.list, p.quitUserCheck],
    onSuccess: (r) => {
      showSuccess(`交接完成，${r.count} 条客户已${mode === 1 ? '转入公海' : '转给同事'}，账号已禁用`);
      onClose();
    },
  });
  const ready = !!who && (mode === 1 ? !!poolId : !!toUserId && toUserId !== who);
  const c = check.data;
  return (
    <Modal
      open={open}
      title="离职员工交接"
      width={560}
      okText="交接并禁用账号"
      okButtonProps={{ disabled: !ready, danger: true }}
      confirmLoading={handover.isPending}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={(v) => {
        if (!v) {
          setUserId(given);
          setPoolId(undefined);
          setToUserId(undefined);
          setMode(1);
        }
      }}
      onOk={() =>
        who && handover.mutate({ userId: who, mode, ...(mode === 1 ? { poolId } : { toUserId }), disable: 1 })
      }
    >
      <Form layout="vertical">
        {!given && (
          <Form.Item label="离职员工" required>
            <SearchSelect
              options={userOptions(users.data)}
              value={userId}
              onChange={setUserId}
              data-testid="quit-who"
            />
          </Form.Item>
        )}
        {c && (
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }} data-testid="quit-check">
            <Descriptions.Item label="员工">{c.realName}</Descriptions.Item>
            <Descriptions.Item label="账号状态">{c.status === 1 ? '启用' : '已禁用'}</Descriptions.Item>
            <Descriptions.Item label="线索">{c.clueCount} 条</Descriptions.Item>
            <Descriptions.Item label="客户">{c.customerCount} 条</Descriptions.Item>
            <Descriptions.Item label="已锁定">{c.lockedCount} 条</Descriptions.Item>
            <Descriptions.Item label="协作中">{c.collaboratingCount} 条</Descriptions.Item>
          </Descriptions>
        )}
        <Form.Item label="客户去向">
          <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)}>
            <Space orientation="vertical">
              <Radio value={1}>转入公海（离职员工数据）</Radio>
              <Radio value={2}>转给同事</Radio>
            </Space>
          </Radio.Group>
        </Form.Item>
        {mode === 1 ? (
          <Form.Item label="转入公海" required>
            <Select
              value={poolId}
              onChange={setPoolId}
              data-testid="quit-pool"
              placeholder="请选择公海"
              options={(pools.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
            />
          </Form.Item>
        ) : (
          <Form.Item label="接收员工" required>
            <SearchSelect
              options={userOptions(users.data).filter((u) => u.value !== who)}
              value={toUserId}
              onChange={setToUserId}
              data-testid="quit-to"
            />
          </Form.Item>
        )}
        <Alert type="warning" showIcon title="交接后该员工的全部客户立即转移，账号同时禁用（已登录的会话失效）。" />
      </Form>
    </Modal>
  );
}
