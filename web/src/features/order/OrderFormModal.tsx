import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { fenToYuan, formatDate } from '@crm/core';
import { type CallAnswer, contract } from '@crm/core/contract';
import { FULL_PRICE_BP, lineTotalFen } from '@crm/core/contract/order';
import { Button, DatePicker, Form, Input, InputNumber, Radio, Select, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { FormModal } from '../../components/FormModal';
import { MoneyInput } from '../../components/MoneyInput';
import { AttachmentInput } from './AttachmentInput';
import { CustomFieldItems } from './CustomFieldItems';

interface LineValue {
  productId?: number;
  quantity?: number;
  unitPriceFen?: number | null;
  /** Percent as typed (85.5), turned into basis points when sent. */
  discountPct?: number | null;
}

interface OrderValues {
  signedOn: Dayjs;
  status?: 1 | 2;
  lines: LineValue[];
  remark?: string;
  custom?: Record<string, unknown>;
  attachments?: { name: string; url: string }[];
}

/** 85.5 (%) → 8550 basis points, rounded to the basis point on the client; the server only sees integers. */
const toBp = (pct: number | null | undefined) => (pct == null ? FULL_PRICE_BP : Math.round(pct * 100));

const lineTotal = (l: LineValue) =>
  l.quantity && l.unitPriceFen != null ? lineTotalFen(l.quantity, l.unitPriceFen, toBp(l.discountPct)) : 0;

/** New order of a lead or customer: product lines (quantity, unit price, discount), live totals as the server computes them. */
export function OrderFormModal({
  clueId,
  customerName,
  editing,
  onClose,
  onSaved,
}: {
  clueId: number;
  customerName: string;
  /** The order to edit (its lines, signing date, attachments, fields); a new order when absent. */
  editing?: CallAnswer<typeof contract.order.detail>;
  onClose: () => void;
  onSaved?: (id: number) => void;
}) {
  const [form] = Form.useForm<OrderValues>();
  const onSale = useCallQuery(contract.product.pagelist, { onSale: 1, pageSize: 100 }).data?.lists ?? [];
  // an edited order keeps the products of its lines, even those taken off sale since
  const products = [
    ...onSale.map((p) => ({ id: p.id, name: p.name, code: p.code, priceFen: p.priceFen })),
    ...(editing?.lines ?? [])
      .filter((l) => !onSale.some((p) => p.id === l.productId))
      .map((l) => ({ id: l.productId, name: l.productName, code: l.productCode, priceFen: l.unitPriceFen })),
  ];
  const done = {
    invalidate: [contract.order.pagelist, contract.order.detail],
    onSuccess: (a: { id: number }) => {
      onClose();
      onSaved?.(a.id);
    },
  };
  const add = useCallMutation(contract.order.add, { success: '订单已创建', ...done });
  const update = useCallMutation(contract.order.update, { success: '订单已保存', ...done });
  const lines: LineValue[] = Form.useWatch('lines', form) ?? [];
  const total = lines.reduce((s, l) => s + lineTotal(l ?? {}), 0);
  return (
    <FormModal<OrderValues>
      title={editing ? `编辑订单 ${editing.orderNo} · ${customerName}` : `新建订单 · ${customerName}`}
      width={920}
      form={form}
      okText="保存订单"
      loading={add.isPending || update.isPending}
      onClose={onClose}
      initialValues={
        editing
          ? {
              signedOn: dayjs(editing.signedOn),
              remark: editing.remark,
              custom: editing.custom,
              attachments: editing.attachments,
              lines: editing.lines.map((l) => ({
                productId: l.productId,
                quantity: l.quantity,
                unitPriceFen: l.unitPriceFen,
                discountPct: l.discountBp / 100,
              })),
            }
          : { signedOn: dayjs(), status: 2, lines: [{ quantity: 1, discountPct: 100 }] }
      }
      onSubmit={(v) => {
        const common = {
          signedOn: formatDate(v.signedOn.toDate())!,
          remark: v.remark,
          custom: v.custom,
          attachments: v.attachments ?? [],
          lines: v.lines.map((l) => ({
            productId: l.productId!,
            quantity: l.quantity!,
            unitPriceFen: l.unitPriceFen!,
            discountBp: toBp(l.discountPct),
          })),
        };
        if (editing) update.mutate({ id: editing.id, ...common });
        else add.mutate({ clueId, status: v.status, ...common });
      }}
    >
      <Space size="large" wrap>
        <Form.Item name="signedOn" label="签约日期" rules={[{ required: true, message: '请选择签约日期' }]}>
          <DatePicker allowClear={false} />
        </Form.Item>
        {!editing && (
          <Form.Item name="status" label="订单状态">
            <Radio.Group
              options={[
                { value: 2, label: '确认' },
                { value: 1, label: '草稿' },
              ]}
            />
          </Form.Item>
        )}
      </Space>
      <Form.List name="lines">
        {(fields, { add: addLine, remove }) => (
          <>
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={fields}
              columns={[
                {
                  title: '产品',
                  render: (_, f) => (
                    <Form.Item
                      name={[f.name, 'productId']}
                      rules={[{ required: true, message: '请选择产品' }]}
                      noStyle={false}
                      style={{ margin: 0 }}
                    >
                      <Select
                        showSearch={{ optionFilterProp: 'label' }}
                        placeholder="选择产品"
                        aria-label="产品"
                        options={products.map((p) => ({ value: p.id, label: `${p.name}（${p.code}）` }))}
                        onChange={(id) => {
                          const p = products.find((x) => x.id === id);
                          if (p) form.setFieldValue(['lines', f.name, 'unitPriceFen'], p.priceFen);
                        }}
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: '数量',
                  width: 110,
                  render: (_, f) => (
                    <Form.Item
                      name={[f.name, 'quantity']}
                      rules={[{ required: true, message: '请输入数量' }]}
                      style={{ margin: 0 }}
                    >
                      <InputNumber min={1} max={1_000_000} precision={0} aria-label="数量" style={{ width: '100%' }} />
                    </Form.Item>
                  ),
                },
                {
                  title: '单价',
                  width: 150,
                  render: (_, f) => (
                    <Form.Item
                      name={[f.name, 'unitPriceFen']}
                      rules={[{ required: true, message: '请输入单价' }]}
                      style={{ margin: 0 }}
                    >
                      <MoneyInput aria-label="单价" />
                    </Form.Item>
                  ),
                },
                {
                  title: '折扣',
                  width: 120,
                  render: (_, f) => (
                    <Form.Item name={[f.name, 'discountPct']} style={{ margin: 0 }}>
                      <InputNumber
                        min={0.01}
                        max={100}
                        precision={2}
                        suffix="%"
                        aria-label="折扣"
                        style={{ width: '100%' }}
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: '小计（元）',
                  width: 130,
                  align: 'right',
                  render: (_, f) => fenToYuan(lineTotal(lines[f.name] ?? {})),
                },
                {
                  title: '',
                  width: 40,
                  render: (_, f) =>
                    fields.length > 1 && (
                      <Button
                        type="text"
                        aria-label="删除此行"
                        icon={<DeleteOutlined />}
                        onClick={() => remove(f.name)}
                      />
                    ),
                },
              ]}
            />
            <Space style={{ width: '100%', justifyContent: 'space-between', margin: '8px 0 16px' }}>
              <Button icon={<PlusOutlined />} onClick={() => addLine({ quantity: 1, discountPct: 100 })}>
                添加产品
              </Button>
              <Typography.Text strong>
                订单金额：<span data-testid="order-total">{fenToYuan(total)}</span> 元
              </Typography.Text>
            </Space>
          </>
        )}
      </Form.List>
      <CustomFieldItems type={1} />
      <Form.Item name="attachments" label="附件（合同、付款凭证等图片）">
        <AttachmentInput />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}
