import { fenToYuan } from '@crm/core';
import { contract } from '@crm/core/contract';
import { VENDOR_PRODUCTS, VendorProductName } from '@crm/core/contract/billing';
import { Alert, Button, Descriptions, Drawer, Form, Radio, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';
import { ListTab } from './ListTab';

const v = contract.vendorOrders;
const PRODUCTS = VENDOR_PRODUCTS.map((p) => ({ value: p, label: VendorProductName[p] }));
const STATUS_COLOR = { 1: 'success', 2: 'default' } as const;

/** 申请试用: an AI product's trial pack (60 minutes for 7 days), once per organisation and product. */
function TrialModal({ onClose }: { onClose: () => void }) {
  const start = useCallMutation(v.onTrial, {
    success: '试用已开通',
    invalidate: [v.pageList, contract.costCenter.getAiAnalyzeBalance],
    onSuccess: onClose,
  });
  return (
    <FormModal<{ product: (typeof VENDOR_PRODUCTS)[number] }>
      title="申请试用"
      okText="开通试用"
      loading={start.isPending}
      onClose={onClose}
      initialValues={{ product: 'ai_analyze' }}
      onSubmit={(f) => start.mutate(f)}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="每个产品可试用一次：开通后获得 60 分钟试用资源包，有效期 7 天"
      />
      <Form.Item name="product" label="试用产品" rules={[{ required: true, message: '请选择产品' }]}>
        <Radio.Group options={PRODUCTS} data-testid="trial-product" />
      </Form.Item>
    </FormModal>
  );
}

/** qyOrderDetail: the order, what is left of its pack, how it was paid. */
function OrderDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useCallQuery(v.detail, { id });
  const d = detail.data;
  return (
    <Drawer open size={560} title="订单详情" onClose={onClose} destroyOnHidden>
      <Spin spinning={detail.isLoading}>
        {d && (
          <Descriptions column={1} bordered size="small" data-testid="vendor-order-detail">
            <Descriptions.Item label="订单号">{d.orderNo}</Descriptions.Item>
            <Descriptions.Item label="产品">{d.productName}</Descriptions.Item>
            <Descriptions.Item label="名称">{d.name}</Descriptions.Item>
            <Descriptions.Item label="类型">{d.typeName}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={STATUS_COLOR[d.status as 1 | 2]}>{d.statusName}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="数量">
              {d.units} {d.unitName}
            </Descriptions.Item>
            <Descriptions.Item label="已用 / 剩余">
              {d.usedUnits} / {d.remainingUnits} {d.unitName}
            </Descriptions.Item>
            <Descriptions.Item label="金额（元）">{fenToYuan(d.amountFen)}</Descriptions.Item>
            <Descriptions.Item label="支付方式">
              {d.payWayName}
              {d.entryId ? `（收支明细 #${d.entryId}）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="有效期">
              {d.startsAt} 至 {d.expiresAt}
              {d.status === 1 ? `（剩余 ${d.remainingDays} 天）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="下单人">{d.createdByName || '-'}</Descriptions.Item>
            <Descriptions.Item label="下单时间">{d.createdAt}</Descriptions.Item>
          </Descriptions>
        )}
      </Spin>
    </Drawer>
  );
}

/** 企业订单: what the organisation bought from the vendor or tried, with trials and each order's detail. */
export function VendorOrdersTab() {
  const canEdit = useHasSign('cost:edit');
  const [trial, setTrial] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <>
      <ListTab
        call={v.pageList}
        exportCall={v.export}
        pageName="cost center vendor orders"
        choice={{ key: 'product', placeholder: '产品', options: PRODUCTS }}
        extra={
          canEdit && (
            <Button type="primary" onClick={() => setTrial(true)} data-testid="apply-trial">
              申请试用
            </Button>
          )
        }
        columns={[
          { title: '订单号', dataIndex: 'orderNo', width: 220 },
          { title: '下单时间', dataIndex: 'createdAt', width: 170 },
          { title: '产品', dataIndex: 'productName', width: 120 },
          { title: '名称', dataIndex: 'name', ellipsis: true },
          { title: '类型', dataIndex: 'typeName', width: 70 },
          { title: '金额（元）', dataIndex: 'amountFen', width: 110, align: 'right', render: (f) => fenToYuan(f) },
          {
            title: '状态',
            dataIndex: 'statusName',
            width: 90,
            render: (s, r) => <Tag color={STATUS_COLOR[r.status as 1 | 2]}>{s}</Tag>,
          },
          { title: '到期时间', dataIndex: 'expiresAt', width: 170 },
          {
            title: '操作',
            key: 'op',
            width: 70,
            render: (_, r) => (
              <LinkButton onClick={() => setOpenId(r.id)} data-testid="vendor-order-open">
                详情
              </LinkButton>
            ),
          },
        ]}
      />
      {trial && <TrialModal onClose={() => setTrial(false)} />}
      {openId && <OrderDrawer id={openId} onClose={() => setOpenId(null)} />}
    </>
  );
}
