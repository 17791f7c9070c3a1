import { fenToYuan, formatDate } from '@crm/core';
import { contract } from '@crm/core/contract';
import { PAYMENT_METHODS } from '@crm/core/contract/order';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallMutation } from '../../api/hooks';
import { FormModal } from '../../components/FormModal';
import { MoneyInput } from '../../components/MoneyInput';

/** 登记回款: an amount up to what is unpaid, the date and the method. */
export function PaymentModal({
  orderId,
  unpaidFen,
  onClose,
}: {
  orderId: number;
  unpaidFen: number;
  onClose: () => void;
}) {
  const pay = useCallMutation(contract.order.addPayment, {
    success: '回款已登记',
    invalidate: [contract.order.detail, contract.order.pagelist],
    onSuccess: onClose,
  });
  return (
    <FormModal<{ amountFen: number; paidOn: Dayjs; method: string; remark?: string }>
      title="登记回款"
      loading={pay.isPending}
      onClose={onClose}
      initialValues={{ paidOn: dayjs(), method: '银行转账' }}
      onSubmit={(v) =>
        pay.mutate({
          orderId,
          amountFen: v.amountFen,
          paidOn: formatDate(v.paidOn.toDate())!,
          method: v.method as (typeof PAYMENT_METHODS)[number],
          remark: v.remark,
        })
      }
    >
      <Form.Item
        name="amountFen"
        label={`回款金额（未回款 ${fenToYuan(unpaidFen)} 元）`}
        rules={[
          { required: true, message: '请输入回款金额' },
          {
            validator: async (_, v) => {
              if (v != null && (v < 1 || v > unpaidFen))
                throw new Error(`回款金额应在 0.01 至 ${fenToYuan(unpaidFen)} 元之间`);
            },
          },
        ]}
      >
        <MoneyInput placeholder="0.00" />
      </Form.Item>
      <Form.Item name="paidOn" label="回款日期" rules={[{ required: true, message: '请选择回款日期' }]}>
        <DatePicker allowClear={false} />
      </Form.Item>
      <Form.Item name="method" label="回款方式">
        <Select options={PAYMENT_METHODS.map((m) => ({ value: m, label: m }))} />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input maxLength={200} />
      </Form.Item>
    </FormModal>
  );
}
