import { contract } from '@crm/core/contract';
import { Form, Select } from 'antd';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { FormModal } from '../../components/FormModal';

/** 订单设置: the stage a customer moves to when an order of theirs is paid in full. */
export function OrderSettingModal({ onClose }: { onClose: () => void }) {
  const setting = useCallQuery(contract.order.getSetting, undefined).data;
  const save = useCallMutation(contract.order.saveSetting, {
    success: '订单设置已保存',
    invalidate: [contract.order.getSetting],
    onSuccess: onClose,
  });
  if (!setting) return null;
  return (
    <FormModal
      title="订单设置"
      loading={save.isPending}
      onClose={onClose}
      initialValues={{ paidStage: setting.paidStage ?? 0 }}
      onSubmit={(v: { paidStage: number }) => save.mutate({ paidStage: v.paidStage || null })}
    >
      <Form.Item name="paidStage" label="订单全部回款后，客户阶段变为" extra="选择“不变更”则回款不改变客户阶段">
        <Select options={[{ value: 0, label: '不变更' }, ...setting.stages]} />
      </Form.Item>
    </FormModal>
  );
}
