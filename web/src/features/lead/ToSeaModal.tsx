import { contract } from '@crm/core/contract';
import { Form, Input, Modal, Select } from 'antd';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { POOL_READS } from './actions';

/** Leads into a pool by hand with a reason (from the lead list). */
export function ToSeaModal({
  ids,
  onClose,
  onDone,
}: {
  ids: number[] | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const pools = useCallQuery(contract.publicSeaPool.list, undefined, { enabled: !!ids });
  const [form] = Form.useForm();
  const move = useCallMutation(contract.organizationPublicsea.transferToSea, {
    success: '已转入公海',
    invalidate: POOL_READS,
    onSuccess: onDone,
  });
  return (
    <Modal
      open={!!ids}
      title={`转入公海（${ids?.length ?? 0} 条）`}
      onCancel={onClose}
      confirmLoading={move.isPending}
      destroyOnHidden
      onOk={() =>
        form.validateFields().then(
          (v) => ids && move.mutate({ clueIds: ids, poolId: v.poolId, reason: v.reason }),
          () => {},
        )
      }
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="poolId" label="公海" rules={[{ required: true, message: '请选择公海' }]}>
          <Select data-testid="to-sea-pool" options={(pools.data ?? []).map((p) => ({ value: p.id, label: p.name }))} />
        </Form.Item>
        <Form.Item
          name="reason"
          label="转入原因"
          rules={[{ required: true, whitespace: true, message: '请输入转入原因' }]}
        >
          <Input.TextArea maxLength={200} showCount rows={3} data-testid="to-sea-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
