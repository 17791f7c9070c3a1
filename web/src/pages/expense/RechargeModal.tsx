import { fenToYuan } from '@crm/core';
import { contract } from '@crm/core/contract';
import { ChannelName } from '@crm/core/contract/billing';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, QRCode, Radio, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { keyOf, useCallMutation, useCallQuery } from '../../api/hooks';
import { showSuccess } from '../../app/ui';
import { MoneyInput } from '../../components/MoneyInput';

const b = contract.billing;
type Channel = 'wechat' | 'alipay';
/** Why 去支付 is disabled without a channel. */
const NO_CHANNEL = '未配置在线支付（微信支付或支付宝），不能在线充值';

/** Polls the recharge until it is paid or closed; the server asks the gateway when no notification came. */
function Waiting({
  orderNo,
  channel,
  payUrl,
  amountFen,
  onPaid,
}: {
  orderNo: string;
  channel: Channel;
  payUrl: string;
  amountFen: number;
  onPaid: () => void;
}) {
  const q = useCallQuery(
    b.payNewQueryOrder,
    { orderNo },
    {
      refetchInterval: (d) => (d && d.status !== 1 ? false : 3000),
    },
  );
  const status = q.data?.status ?? 1;
  if (status === 2) {
    return (
      <Result
        status="success"
        title="充值成功"
        subTitle={`已到账 ${fenToYuan(amountFen)} 元，订单号 ${orderNo}`}
        extra={
          <Button type="primary" onClick={onPaid}>
            完成
          </Button>
        }
      />
    );
  }
  if (status === 3) return <Result status="warning" title="订单已关闭" subTitle="未在有效期内支付，请重新下单" />;
  return (
    <Space direction="vertical" align="center" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {fenToYuan(amountFen)} 元
      </Typography.Title>
      {channel === 'wechat' ? (
        <>
          <QRCode value={payUrl} size={200} />
          <Typography.Text type="secondary">请使用微信扫一扫完成支付</Typography.Text>
        </>
      ) : (
        <Button type="primary" href={payUrl} target="_blank">
          前往支付宝付款
        </Button>
      )}
      <Typography.Text type="secondary" data-testid="recharge-order-no">
        订单号 {orderNo} · 等待支付…
      </Typography.Text>
    </Space>
  );
}

/** 充值: amount and channel; WeChat shows the Native QR code, Alipay opens its cashier page. */
export function RechargeModal({ channels, onClose }: { channels: Channel[]; onClose: () => void }) {
  const [form] = Form.useForm<{ channel: Channel; amountFen: number }>();
  const [order, setOrder] = useState<{ orderNo: string; channel: Channel; payUrl: string; amountFen: number } | null>(
    null,
  );
  const create = useCallMutation(b.payNewCreateOrder, { onSuccess: (o) => setOrder(o) });
  const qc = useQueryClient();
  return (
    <Modal
      open
      title="账户充值"
      onCancel={onClose}
      footer={order ? null : undefined}
      okText="去支付"
      okButtonProps={
        channels.length === 0
          ? { disabled: true, title: NO_CHANNEL, 'data-testid': 'recharge-pay' }
          : { 'data-testid': 'recharge-pay' }
      }
      cancelText="取消"
      confirmLoading={create.isPending}
      onOk={() => form.validateFields().then((v) => create.mutate(v))}
      destroyOnHidden
    >
      {order ? (
        <Waiting
          {...order}
          onPaid={() => {
            showSuccess('充值成功');
            for (const c of [
              b.getBalance,
              b.accountRecordPageList,
              b.paymentPageList,
              contract.organization.getAuthOrganizationBaseInfo,
            ])
              qc.invalidateQueries({ queryKey: keyOf(c) });
            onClose();
          }}
        />
      ) : channels.length === 0 ? (
        <Alert
          type="info"
          showIcon
          message={NO_CHANNEL}
          description="本系统未配置微信支付或支付宝，暂不能在线充值。请对公转账后联系管理员人工入账。"
        />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ channel: channels[0] }}>
          <Form.Item
            name="amountFen"
            label="充值金额"
            rules={[
              { required: true, message: '请输入充值金额' },
              {
                validator: async (_, v) => {
                  if (v != null && v < 100) throw new Error('充值金额不能小于 1.00 元');
                },
              },
            ]}
          >
            <MoneyInput placeholder="0.00" />
          </Form.Item>
          <Form.Item name="channel" label="支付方式">
            <Radio.Group options={channels.map((c) => ({ value: c, label: ChannelName[c] }))} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
