import { fenToYuan, formatThousands } from '@crm/core';
import { contract } from '@crm/core/contract';
import {
  ENTRY_TYPE_NAMES,
  INVOICE_STATUSES,
  InvoiceStatusName,
  RECHARGE_STATUSES,
  RechargeStatusName,
} from '@crm/core/contract/billing';
import { Button, Card, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Statistic, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useCallMutation, useCallPage, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { FormModal } from '../../components/FormModal';
import { MoneyInput } from '../../components/MoneyInput';
import { CertificationTab } from './CertificationTab';
import { ListTab } from './ListTab';
import { RechargeModal } from './RechargeModal';
import { VendorOrdersTab } from './VendorOrdersTab';

const b = contract.billing;
const cc = contract.costCenter;
const yuan = (v: number) => fenToYuan(v);
const options = (m: Record<string | number, string>) =>
  Object.entries(m).map(([value, label]) => ({ value: /^\d+$/.test(value) ? Number(value) : value, label }));

function InvoiceModal({ onClose }: { onClose: () => void }) {
  const dict = useCallQuery(b.invoiceDict, undefined);
  const apply = useCallMutation(b.applyInvoice, {
    success: '已提交开票申请',
    invalidate: [b.invoicePageList, b.invoiceDict],
    onSuccess: onClose,
  });
  const [form] = Form.useForm();
  const d = dict.data;
  return (
    <FormModal
      title="申请开票"
      form={form}
      width={560}
      loading={apply.isPending}
      onClose={onClose}
      initialValues={{ type: 1, titleType: 1 }}
      onSubmit={(v) => apply.mutate(v)}
    >
      <Form.Item label="可开票金额">{d ? `${yuan(d.invoiceableFen)} 元` : '-'}</Form.Item>
      <Form.Item name="type" label="发票类型">
        <Radio.Group options={d?.types ?? []} />
      </Form.Item>
      <Form.Item name="titleType" label="抬头类型">
        <Radio.Group options={d?.titleTypes ?? []} />
      </Form.Item>
      <Form.Item
        name="title"
        label="发票抬头"
        rules={[{ required: true, whitespace: true, message: '请输入发票抬头' }]}
      >
        <Select
          showSearch
          mode={undefined}
          placeholder="输入或选择曾用抬头"
          options={(d?.titles ?? []).map((t) => ({ value: t.title, label: t.title }))}
          onSearch={(v) => v && form.setFieldValue('title', v)}
          onChange={(v) => {
            const used = d?.titles.find((t) => t.title === v);
            if (used) form.setFieldsValue({ titleType: used.titleType, taxNo: used.taxNo });
          }}
        />
      </Form.Item>
      <Form.Item name="taxNo" label="税号">
        <Input maxLength={30} placeholder="企业抬头必填" />
      </Form.Item>
      <Form.Item name="amountFen" label="开票金额" rules={[{ required: true, message: '请输入开票金额' }]}>
        <MoneyInput placeholder="0.00" />
      </Form.Item>
      <Form.Item name="email" label="接收邮箱" rules={[{ required: true, type: 'email', message: '请输入正确的邮箱' }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input maxLength={200} />
      </Form.Item>
    </FormModal>
  );
}

function CallRates() {
  const rates = useCallQuery(b.callRateList, undefined);
  // the rates are the platform's (set by the installation operator): shown here, not edited
  return (
    <Card
      size="small"
      title="通话费率（元/分钟，按线路；未单独设置的线路按默认费率；由平台运营设定）"
      style={{ marginBottom: 16 }}
    >
      <Space wrap>
        {(rates.data?.lists ?? []).map((r) => (
          <Statistic
            key={r.id}
            title={r.line === '*' ? '默认' : r.line}
            value={yuan(r.rateFenPerMinute)}
            suffix="元/分钟"
            style={{ marginRight: 32 }}
          />
        ))}
      </Space>
      {!rates.data?.lists.length && <span>未设置（通话不计费）</span>}
    </Card>
  );
}

function SeatRate({ fenPerMonth }: { fenPerMonth: number }) {
  return (
    <Card
      size="small"
      title="坐席月租（由平台运营设定，每个在用坐席每月；每月1日凌晨按在用坐席数从余额扣除，余额不足时充值后次日补扣）"
      style={{ marginBottom: 16 }}
    >
      <Space wrap align="center">
        <Statistic
          title="当前月租"
          value={fenPerMonth ? yuan(fenPerMonth) : '未设置'}
          suffix={fenPerMonth ? '元/坐席/月' : undefined}
          style={{ marginRight: 32 }}
        />
      </Space>
    </Card>
  );
}

function Seats() {
  const count = useCallQuery(b.getSeatCount, undefined).data;
  const list = useCallPage(b.seatPageList, {}, 'cost center seats');
  return (
    <>
      <SeatRate fenPerMonth={count?.seatRateFenPerMonth ?? 0} />
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={6}>
          <Statistic title="在用坐席" value={count?.seatCount ?? 0} />
        </Col>
        <Col span={6}>
          <Statistic title="停用账号" value={count?.disabledCount ?? 0} />
        </Col>
        <Col span={6}>
          <Statistic title="累计坐席费（元）" value={yuan(count?.seatFeeFen ?? 0)} />
        </Col>
      </Row>
      <Table
        rowKey="id"
        size="middle"
        {...list.tableProps}
        columns={[
          { title: '姓名', dataIndex: 'realName' },
          { title: '账号', dataIndex: 'username' },
          { title: '状态', dataIndex: 'statusName', width: 100 },
          { title: '开通时间', dataIndex: 'createdAt', width: 180 },
        ]}
      />
    </>
  );
}

function BuyPackModal({ unitPriceFen, onClose }: { unitPriceFen: number; onClose: () => void }) {
  const [form] = Form.useForm<{ units: number }>();
  const units = Form.useWatch('units', form);
  const buy = useCallMutation(b.buyAiPack, {
    success: '已购买',
    invalidate: [
      cc.getAiAnalyzeBalance,
      cc.aiAnalyzePackDetailsPageList,
      b.getBalance,
      b.accountRecordPageList,
      contract.organization.getAuthOrganizationBaseInfo,
    ],
    onSuccess: onClose,
  });
  return (
    <FormModal
      title="用账户余额购买 AI 分析资源包"
      form={form}
      loading={buy.isPending}
      onClose={onClose}
      onSubmit={(v) => buy.mutate(v)}
    >
      <Form.Item name="units" label="分钟数（有效期一年）" rules={[{ required: true, message: '请输入分钟数' }]}>
        <InputNumber min={1} max={1_000_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="应付金额">
        {yuan((units ?? 0) * unitPriceFen)} 元（{yuan(unitPriceFen)} 元/分钟）
      </Form.Item>
    </FormModal>
  );
}

function AiPacks() {
  const balance = useCallQuery(cc.getAiAnalyzeBalance, undefined).data;
  const canEdit = useHasSign('cost:edit');
  const [buying, setBuying] = useState(false);
  return (
    <>
      {buying && balance && <BuyPackModal unitPriceFen={balance.unitPriceFen} onClose={() => setBuying(false)} />}
      <Row gutter={16} style={{ marginBottom: 16 }} align="middle">
        <Col span={6}>
          <Statistic title="AI 分析剩余" value={balance?.totalStr ?? '-'} />
        </Col>
        <Col span={6}>
          <Statistic title="最近到期" value={balance?.expStr ?? '-'} />
        </Col>
        <Col span={6}>{canEdit && <Button onClick={() => setBuying(true)}>用余额购买</Button>}</Col>
      </Row>
      <Tabs
        size="small"
        items={[
          {
            key: 'packs',
            label: '资源包',
            children: (
              <ListTab
                call={cc.aiAnalyzePackDetailsPageList}
                pageName="cost center ai packs"
                choice={{
                  key: 'state',
                  placeholder: '状态',
                  options: options({ 1: '生效中', 2: '已用完', 3: '已过期' }),
                }}
                columns={[
                  { title: '名称', dataIndex: 'name' },
                  { title: '总量（分钟）', dataIndex: 'totalUnits', width: 120, render: (v) => formatThousands(v, 0) },
                  { title: '已用', dataIndex: 'usedUnits', width: 100, render: (v) => formatThousands(v, 0) },
                  { title: '剩余', dataIndex: 'leftUnits', width: 100, render: (v) => formatThousands(v, 0) },
                  { title: '金额（元）', dataIndex: 'priceFen', width: 120, align: 'right', render: yuan },
                  { title: '来源', dataIndex: 'sourceName', width: 80 },
                  { title: '状态', dataIndex: 'stateName', width: 90 },
                  { title: '到期时间', dataIndex: 'expiresAt', width: 170 },
                ]}
              />
            ),
          },
          {
            key: 'usage',
            label: '使用明细',
            children: (
              <ListTab
                call={cc.getAiAnalyzeRecordList}
                pageName="cost center ai usage"
                columns={[
                  { title: '时间', dataIndex: 'createdAt', width: 170 },
                  { title: '使用人', dataIndex: 'userName', width: 100, render: (v) => v || '-' },
                  { title: '分钟', dataIndex: 'units', width: 80 },
                  { title: '费用（元）', dataIndex: 'costFen', width: 110, align: 'right', render: yuan },
                  { title: '说明', dataIndex: 'remark', ellipsis: true, render: (v) => v || '-' },
                ]}
              />
            ),
          },
        ]}
      />
    </>
  );
}

/** /main/listOfExpenses 费用中心: balance and its ledger, recharge, call fees, seats, AI packs, invoices, payments. */
export default function ListOfExpenses() {
  const canEdit = useHasSign('cost:edit');
  const balance = useCallQuery(b.getBalance, undefined).data;
  const [modal, setModal] = useState<'recharge' | 'invoice' | null>(null);
  return (
    <div className="page-card">
      <Card size="small" style={{ marginBottom: 16 }}>
        <Space size={48} align="center">
          <Statistic
            title="账户余额（元）"
            value={balance ? yuan(balance.balanceFen) : '-'}
            valueStyle={{ fontSize: 28 }}
            data-testid="account-balance"
          />
          {canEdit && (
            <Button type="primary" onClick={() => setModal('recharge')}>
              充值
            </Button>
          )}
          <span data-testid="recharge-hint" style={{ color: 'rgba(0,0,0,0.45)' }}>
            {balance?.channels.length
              ? '充值：点「充值」用微信支付或支付宝付款，到账后余额自动增加'
              : '本系统未开通在线充值：请对公转账后联系平台运营入账'}
          </span>
        </Space>
      </Card>
      <Tabs
        items={[
          {
            key: 'records',
            label: '收支明细',
            children: (
              <ListTab
                call={b.accountRecordPageList}
                exportCall={b.accountRecordExport}
                pageName="cost center records"
                choice={{ key: 'type', placeholder: '类型', options: options(ENTRY_TYPE_NAMES) }}
                columns={[
                  { title: '时间', dataIndex: 'createdAt', width: 170 },
                  { title: '类型', dataIndex: 'typeName', width: 110 },
                  {
                    title: '金额（元）',
                    dataIndex: 'amountFen',
                    width: 130,
                    align: 'right',
                    render: (v: number) => (
                      <span style={{ color: v < 0 ? '#cf1322' : '#389e0d' }}>
                        {v > 0 ? '+' : ''}
                        {yuan(v)}
                      </span>
                    ),
                  },
                  { title: '余额（元）', dataIndex: 'balanceAfterFen', width: 130, align: 'right', render: yuan },
                  { title: '说明', dataIndex: 'remark', ellipsis: true, render: (v) => v || '-' },
                  { title: '操作人', dataIndex: 'createdByName', width: 100, render: (v) => v || '-' },
                ]}
              />
            ),
          },
          {
            key: 'payments',
            label: '充值记录',
            children: (
              <ListTab
                call={b.paymentPageList}
                exportCall={b.paymentExport}
                pageName="cost center payments"
                choice={{
                  key: 'status',
                  placeholder: '支付状态',
                  options: RECHARGE_STATUSES.map((s) => ({ value: s, label: RechargeStatusName[s] })),
                }}
                columns={[
                  { title: '下单时间', dataIndex: 'createdAt', width: 170 },
                  { title: '订单号', dataIndex: 'orderNo', width: 230 },
                  { title: '支付方式', dataIndex: 'channelName', width: 100 },
                  { title: '金额（元）', dataIndex: 'amountFen', width: 130, align: 'right', render: yuan },
                  { title: '状态', dataIndex: 'statusName', width: 90 },
                  { title: '支付时间', dataIndex: 'paidAt', width: 170, render: (v) => v || '-' },
                  { title: '操作人', dataIndex: 'createdByName', width: 100, render: (v) => v || '-' },
                ]}
              />
            ),
          },
          {
            key: 'calls',
            label: '通话费',
            children: (
              <>
                <CallRates />
                <ListTab
                  call={b.callFeePageList}
                  exportCall={b.callFeeExport}
                  pageName="cost center call fees"
                  columns={[
                    { title: '时间', dataIndex: 'createdAt', width: 170 },
                    { title: '通话 ID', dataIndex: 'callId', width: 160 },
                    { title: '线路', dataIndex: 'line', width: 140 },
                    { title: '坐席', dataIndex: 'userName', width: 100, render: (v) => v || '-' },
                    { title: '计费时长', dataIndex: 'billableSeconds', width: 100, render: (v) => `${v} 秒` },
                    { title: '计费分钟', dataIndex: 'minutes', width: 90 },
                    {
                      title: '费率（元/分钟）',
                      dataIndex: 'rateFenPerMinute',
                      width: 130,
                      align: 'right',
                      render: yuan,
                    },
                    { title: '费用（元）', dataIndex: 'amountFen', width: 110, align: 'right', render: yuan },
                  ]}
                />
              </>
            ),
          },
          { key: 'seats', label: '坐席与坐席费', children: <Seats /> },
          { key: 'certification', label: '企业认证', children: <CertificationTab /> },
          { key: 'ai', label: 'AI 分析资源包', children: <AiPacks /> },
          { key: 'orders', label: '企业订单', children: <VendorOrdersTab /> },
          {
            key: 'invoices',
            label: '发票',
            children: (
              <ListTab
                call={b.invoicePageList}
                exportCall={b.invoiceExport}
                pageName="cost center invoices"
                choice={{
                  key: 'status',
                  placeholder: '开票状态',
                  options: INVOICE_STATUSES.map((s) => ({ value: s, label: InvoiceStatusName[s] })),
                }}
                extra={
                  canEdit && (
                    <Button type="primary" onClick={() => setModal('invoice')}>
                      申请开票
                    </Button>
                  )
                }
                columns={[
                  { title: '申请时间', dataIndex: 'createdAt', width: 170 },
                  { title: '发票类型', dataIndex: 'typeName', width: 140 },
                  { title: '抬头', dataIndex: 'title', ellipsis: true },
                  { title: '税号', dataIndex: 'taxNo', width: 190, render: (v) => v || '-' },
                  { title: '金额（元）', dataIndex: 'amountFen', width: 120, align: 'right', render: yuan },
                  { title: '接收邮箱', dataIndex: 'email', width: 180 },
                  { title: '状态', dataIndex: 'statusName', width: 90 },
                  { title: '处理时间', dataIndex: 'handledAt', width: 170, render: (v) => v || '-' },
                ]}
              />
            ),
          },
        ]}
      />
      {modal === 'recharge' && <RechargeModal channels={balance?.channels ?? []} onClose={() => setModal(null)} />}
      {modal === 'invoice' && <InvoiceModal onClose={() => setModal(null)} />}
    </div>
  );
}
