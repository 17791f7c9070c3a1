import { LockOutlined } from '@ant-design/icons';
import { fenToYuan } from '@crm/core';
import { contract } from '@crm/core/contract';
import { Alert, Button, Card, Col, Form, Input, Row, Statistic, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type RowOf, useCallMutation, useCallQuery } from '../../api/hooks';
import { ListTab } from './ListTab';

const a = contract.acquisition;
type UsageRow = RowOf<typeof a.useDetail>;
type OrderRow = RowOf<typeof a.hkbOrders>;

const usageColumns: ColumnsType<UsageRow> = [
  { title: '时间', dataIndex: 'createdAt', width: 170 },
  { title: '使用人', dataIndex: 'userName', width: 100, render: (v) => v || '-' },
  { title: '姓名', dataIndex: 'leadName', width: 100 },
  { title: '公司', dataIndex: 'company', ellipsis: true, render: (v) => v || '-' },
  { title: '电话', dataIndex: 'phone', width: 140 },
  { title: '地区', dataIndex: 'region', width: 140 },
  { title: '费用（元）', dataIndex: 'costFen', width: 110, align: 'right', render: (v) => fenToYuan(v) },
];
const orderColumns: ColumnsType<OrderRow> = [
  { title: '购买时间', dataIndex: 'createdAt', width: 170 },
  { title: '订单号', dataIndex: 'orderNo', width: 160 },
  { title: '套餐', dataIndex: 'packageName' },
  { title: '线索数', dataIndex: 'leadCount', width: 100 },
  { title: '金额（元）', dataIndex: 'amountFen', width: 130, align: 'right', render: (v) => fenToYuan(v) },
];

/** The 精准线索 detail: a security check (the user's password) first, then the full list for 30 minutes. */
function JingDetail() {
  const status = useCallQuery(a.jingStatus, undefined);
  const login = useCallMutation(a.jingLogin, { success: '验证通过', invalidate: [a.jingStatus] });
  if (!status.data) return null;
  if (!status.data.opened)
    return (
      <Alert
        type="info"
        showIcon
        message="尚未开通精准线索"
        description="购买精准线索套餐后，这里展示交付给本机构的线索。"
      />
    );
  if (!status.data.verifiedUntil)
    return (
      <Card size="small" title="安全验证" style={{ maxWidth: 420 }}>
        <p>精准线索包含完整的联系方式，查看前请输入您的登录密码（30 分钟内有效）。</p>
        <Form layout="inline" onFinish={(v) => login.mutate(v)}>
          <Form.Item name="password" rules={[{ required: true, message: '请输入登录密码' }]}>
            <Input.Password prefix={<LockOutlined />} placeholder="登录密码" autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={login.isPending}>
            验证
          </Button>
        </Form>
      </Card>
    );
  return (
    <>
      <Alert
        type="success"
        showIcon
        style={{ marginBottom: 12 }}
        message={`已通过安全验证，有效至 ${status.data.verifiedUntil}`}
      />
      <ListTab call={a.jingDetail} exportCall={a.jingExport} pageName="jing detail" columns={usageColumns} />
    </>
  );
}

/** /main/hkbparticulars 获客宝明细: figures, packs bought, leads delivered; 精准线索 behind the security check. */
export default function HkbParticulars() {
  const s = useCallQuery(a.hkbStatistics, undefined).data;
  return (
    <div className="page-card">
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={4}>
          <Statistic title="累计获客" value={s?.totalLeads ?? 0} />
        </Col>
        <Col span={4}>
          <Statistic title="本月获客" value={s?.monthLeads ?? 0} />
        </Col>
        <Col span={4}>
          <Statistic title="今日获客" value={s?.todayLeads ?? 0} />
        </Col>
        <Col span={4}>
          <Statistic title="剩余条数" value={s?.leftLeads ?? 0} suffix={`/ ${s?.boughtLeads ?? 0}`} />
        </Col>
        <Col span={4}>
          <Statistic title="使用账号" value={s?.hkBindCount ?? 0} suffix={`/ ${s?.accountCount ?? 0}`} />
        </Col>
        <Col span={4}>
          <Statistic title="累计消费（元）" value={fenToYuan(s?.spentFen ?? 0)} />
        </Col>
      </Row>
      <Tabs
        items={[
          {
            key: 'usage',
            label: '使用明细',
            children: (
              <ListTab call={a.useDetail} exportCall={a.useDetailExport} pageName="hkb usage" columns={usageColumns} />
            ),
          },
          {
            key: 'orders',
            label: '获客宝订单',
            children: <ListTab call={a.hkbOrders} pageName="hkb orders" columns={orderColumns} />,
          },
          { key: 'jing', label: '精准线索', children: <JingDetail /> },
          {
            key: 'jingCost',
            label: '精准线索费用',
            children: <ListTab call={a.jingCost} pageName="jing cost" columns={orderColumns} />,
          },
        ]}
      />
    </div>
  );
}
