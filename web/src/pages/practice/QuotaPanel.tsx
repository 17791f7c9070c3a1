import { fenToYuan } from '@crm/core';
import { contract } from '@crm/core/contract';
import { type CoachingPack, CoachingPackName } from '@crm/core/contract/billing';
import { Button, Card, Col, Descriptions, Form, InputNumber, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { FormModal } from '../../components/FormModal';

/** Each metered coaching use: its Quota call, the call setting its monthly quotas, its pack. */
const USES = [
  {
    pack: 'practice' as CoachingPack,
    title: 'AI 陪练',
    quota: contract.chatScriptTrainingSession.quota,
    setQuota: contract.chatScriptTrainingSession.setQuota,
  },
  {
    pack: 'assistant' as CoachingPack,
    title: '话术助手',
    quota: contract.assistant.quota,
    setQuota: contract.assistant.setQuota,
  },
];
type Use = (typeof USES)[number];

function BuyModal({ use, unit, priceFen, onClose }: { use: Use; unit: string; priceFen: number; onClose: () => void }) {
  const [form] = Form.useForm<{ units: number }>();
  const units = Form.useWatch('units', form);
  const buy = useCallMutation(contract.billing.buyCoachingPack, {
    success: '已购买',
    invalidate: [use.quota, contract.billing.getBalance, contract.vendorOrders.pageList],
    onSuccess: onClose,
  });
  return (
    <FormModal<{ units: number }>
      title={`用账户余额购买${CoachingPackName[use.pack]}`}
      okText="确认购买"
      form={form}
      loading={buy.isPending}
      onClose={onClose}
      onSubmit={(v) => buy.mutate({ product: use.pack, units: v.units })}
    >
      <Form.Item name="units" label={`数量（${unit}，有效期一年）`} rules={[{ required: true, message: '请输入数量' }]}>
        <InputNumber
          min={1}
          max={1_000_000}
          precision={0}
          suffix={unit}
          style={{ width: 220 }}
          data-testid="coaching-units"
        />
      </Form.Item>
      <Form.Item label="应付金额">
        {fenToYuan((units ?? 0) * priceFen)} 元（{fenToYuan(priceFen)} 元/{unit}
        ，从账户余额扣除；余额不足请先到费用中心充值）
      </Form.Item>
    </FormModal>
  );
}

/** One use's Quota: balance, the monthly quotas and this month's usage, the settings and a purchase. */
function UseQuota({ use }: { use: Use }) {
  const q = useCallQuery(use.quota, undefined);
  const set = useCallMutation(use.setQuota, { success: '已保存', invalidate: [use.quota] });
  const canBuy = useHasSign('cost:edit');
  const [buying, setBuying] = useState(false);
  const d = q.data;
  const limit = (n: number) => (n ? `${n} ${d?.unit ?? ''}` : '不限');
  return (
    <Card title={`${use.title}额度`} size="small" loading={q.isLoading} data-testid={`quota-${use.pack}`}>
      {d && (
        <>
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 12 }}>
            <Descriptions.Item label="剩余">
              {d.balance === null ? '不计费' : `${d.balance} ${d.unit}`}
              {d.companyTotalQuota > 0 && (
                <Typography.Text type="secondary">
                  （资源包共 {d.companyTotalQuota} {d.unit}，已用 {d.companyTotalUsageAmount}）
                </Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="本月公司已用">
              {d.companyMonthlyUsageAmount} {d.unit} / {limit(d.companyMonthlyQuota)}
            </Descriptions.Item>
            <Descriptions.Item label="本月我已用">
              {d.userMonthlyUsageAmount} {d.unit} / {limit(d.userMonthlyQuota)}
            </Descriptions.Item>
            <Descriptions.Item label="最近到期">{d.intervalExpireDate ?? '-'}</Descriptions.Item>
            {d.exhausted && (
              <Descriptions.Item label="状态">
                <Typography.Text type="danger">{d.exhausted}</Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
          <Form
            layout="inline"
            initialValues={{ companyMonthlyQuota: d.companyMonthlyQuota, userMonthlyQuota: d.userMonthlyQuota }}
            onFinish={(v) => set.mutate(v)}
          >
            <Form.Item
              name="companyMonthlyQuota"
              label={`公司每月（${d.unit}，0 不限）`}
              rules={[{ required: true, message: '请输入' }]}
            >
              <InputNumber min={0} max={1_000_000} precision={0} />
            </Form.Item>
            <Form.Item
              name="userMonthlyQuota"
              label={`每人每月（${d.unit}，0 不限）`}
              rules={[{ required: true, message: '请输入' }]}
            >
              <InputNumber min={0} max={100_000} precision={0} />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={set.isPending}>
                保存
              </Button>
              {canBuy && d.balance !== null && (
                <Button onClick={() => setBuying(true)}>购买{CoachingPackName[use.pack]}</Button>
              )}
            </Space>
          </Form>
          {buying && <BuyModal use={use} unit={d.unit} priceFen={d.packPriceFen} onClose={() => setBuying(false)} />}
        </>
      )}
    </Card>
  );
}

/** 额度设置: the Quota of AI 陪练 (minutes) and of 话术助手 (answers), side by side. */
export function QuotaPanel() {
  return (
    <Row gutter={16}>
      {USES.map((u) => (
        <Col key={u.pack} xs={24} xl={12} style={{ marginBottom: 16 }}>
          <UseQuota use={u} />
        </Col>
      ))}
    </Row>
  );
}
