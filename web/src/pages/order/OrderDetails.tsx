import { fenToYuan } from '@crm/core';
import { contract } from '@crm/core/contract';
import { imageIdOf } from '@crm/core/contract/upload';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Input,
  Modal,
  Result,
  Space,
  Spin,
  Table,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { openCustomerDetail } from '../../app/detail';
import { useHasSign } from '../../app/session';
import { LinkButton } from '../../components/LinkButton';
import { customText, useOrderFields } from '../../features/order/CustomFieldItems';
import { OrderFormModal } from '../../features/order/OrderFormModal';
import { statusTag } from '../../features/order/orders';
import { PaymentModal } from './PaymentModal';

const o = contract.order;

/** Confirm, refund or cancel, with a reason for the last two. */
function StatusButton({
  id,
  status,
  label,
  danger,
}: {
  id: number;
  status: 2 | 5 | 6;
  label: string;
  danger?: boolean;
}) {
  const change = useCallMutation(o.changeStatus, { success: `已${label}`, invalidate: [o.detail, o.pagelist] });
  const ask = () => {
    let reason = '';
    Modal.confirm({
      title: `${label}订单`,
      content:
        status === 2 ? (
          '确认后可登记回款。'
        ) : (
          <Input.TextArea placeholder="原因（选填）" maxLength={200} onChange={(e) => (reason = e.target.value)} />
        ),
      okText: label,
      okButtonProps: { danger },
      cancelText: '取消',
      onOk: () => change.mutate({ id, status, reason: reason || undefined }),
    });
  };
  return (
    <Button danger={danger} loading={change.isPending} onClick={ask}>
      {label}
    </Button>
  );
}

/** /main/orderDetails?id=: the order, its lines, payments and history. */
export default function OrderDetails() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const canEdit = useHasSign('order:edit');
  const detail = useCallQuery(o.detail, { id }, { enabled: id > 0 });
  const defs = useOrderFields(1);
  const [paying, setPaying] = useState(false);
  const [editing, setEditing] = useState(false);
  if (!(id > 0)) return <Result status="404" title="订单不存在" />;
  const d = detail.data;
  if (!d)
    return (
      <Spin spinning={detail.isLoading}>
        {detail.isError ? <Result status="404" title="订单不存在" /> : <div style={{ minHeight: 300 }} />}
      </Spin>
    );
  return (
    <div className="page-card">
      <Card
        title={
          <Space>
            <span>订单 {d.orderNo}</span>
            {statusTag(d)}
          </Space>
        }
        extra={
          canEdit && (
            <Space>
              {d.status <= 4 && d.clueId && <Button onClick={() => setEditing(true)}>编辑</Button>}
              {d.status === 1 && <StatusButton id={d.id} status={2} label="确认" />}
              {(d.status === 2 || d.status === 3) && (
                <Button type="primary" onClick={() => setPaying(true)}>
                  登记回款
                </Button>
              )}
              {(d.status === 3 || d.status === 4) && <StatusButton id={d.id} status={5} label="退款" danger />}
              {(d.status === 1 || d.status === 2) && <StatusButton id={d.id} status={6} label="取消" danger />}
            </Space>
          )
        }
      >
        <Descriptions column={3} size="small">
          <Descriptions.Item label="客户">
            {d.clueId ? (
              <LinkButton onClick={() => openCustomerDetail({ clueId: d.clueId! })}>{d.customerName}</LinkButton>
            ) : (
              d.customerName
            )}
          </Descriptions.Item>
          <Descriptions.Item label="客户阶段">{d.customerStageName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="负责人">
            {d.ownerName ?? '-'}
            {d.deptName ? `（${d.deptName}）` : ''}
          </Descriptions.Item>
          <Descriptions.Item label="订单金额">
            <Typography.Text strong data-testid="order-total">
              {fenToYuan(d.totalFen)} 元
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="已回款">
            <span data-testid="order-paid">{fenToYuan(d.paidFen)} 元</span>
          </Descriptions.Item>
          <Descriptions.Item label="未回款">{fenToYuan(d.unpaidFen)} 元</Descriptions.Item>
          <Descriptions.Item label="签约日期">{d.signedOn}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{d.createdAt}</Descriptions.Item>
          <Descriptions.Item label="备注">{d.remark || '-'}</Descriptions.Item>
          {defs.map((f) => (
            <Descriptions.Item key={f.fieldName} label={f.fieldLabel}>
              {customText(f, d.custom[f.fieldName])}
            </Descriptions.Item>
          ))}
          <Descriptions.Item label="附件">
            {d.attachments.length
              ? d.attachments.map((a) =>
                  // only the product's own uploads are links (the server refuses and hides any other address)
                  imageIdOf(a.url) ? (
                    <a key={a.url} href={a.url} target="_blank" rel="noreferrer" style={{ marginRight: 8 }}>
                      {a.name}
                    </a>
                  ) : null,
                )
              : '-'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="产品明细" size="small" style={{ marginTop: 16 }}>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={d.lines}
          columns={[
            { title: '产品', dataIndex: 'productName' },
            { title: '编码', dataIndex: 'productCode', width: 130 },
            { title: '数量', dataIndex: 'quantity', width: 80, render: (v, l) => `${v} ${l.unit}` },
            { title: '单价（元）', dataIndex: 'unitPriceFen', width: 120, align: 'right', render: (v) => fenToYuan(v) },
            { title: '折扣', dataIndex: 'discountText', width: 90 },
            { title: '小计（元）', dataIndex: 'lineTotalFen', width: 130, align: 'right', render: (v) => fenToYuan(v) },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={5} align="right">
                合计
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {fenToYuan(d.totalFen)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      </Card>
      <Space align="start" style={{ width: '100%', marginTop: 16 }} styles={{ item: { flex: 1 } }}>
        <Card title="回款记录" size="small">
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={d.payments}
            locale={{ emptyText: <Empty description="暂无数据" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
            columns={[
              { title: '回款日期', dataIndex: 'paidOn', width: 110 },
              { title: '金额（元）', dataIndex: 'amountFen', align: 'right', render: (v) => fenToYuan(v) },
              { title: '方式', dataIndex: 'method', width: 90 },
              { title: '登记人', dataIndex: 'createdByName', width: 90 },
              { title: '备注', dataIndex: 'remark', ellipsis: true, render: (v) => v || '-' },
            ]}
          />
        </Card>
        <Card title="订单历史" size="small">
          <Timeline
            items={d.history.map((h) => ({
              key: h.id,
              children: (
                <>
                  <Typography.Text strong>{h.action}</Typography.Text>
                  <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                    {h.createdAt} {h.userName ?? ''}
                  </Typography.Text>
                  {h.content && <div>{h.content}</div>}
                </>
              ),
            }))}
          />
        </Card>
      </Space>
      {paying && <PaymentModal orderId={d.id} unpaidFen={d.unpaidFen} onClose={() => setPaying(false)} />}
      {editing && d.clueId && (
        <OrderFormModal clueId={d.clueId} customerName={d.customerName} editing={d} onClose={() => setEditing(false)} />
      )}
    </div>
  );
}
