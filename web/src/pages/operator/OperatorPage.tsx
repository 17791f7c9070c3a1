import { fenToYuan, formatThousands } from '@crm/core';
import { type CallInput, contract } from '@crm/core/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Layout,
  Modal,
  message,
  Space,
  Table,
  Tabs,
  Typography,
} from 'antd';
import { useState } from 'react';
import type { RowOf } from '../../api/hooks';
import { MoneyInput } from '../../components/MoneyInput';
import { OperatorApiError, operatorCall, setOperatorToken, useOperatorToken } from './api';

const op = contract.operator;
const b = contract.billing;
type Org = RowOf<typeof op.organizationPageList>;
type AuditRow = RowOf<typeof op.auditPageList>;

const yuan = (fen: number | null | undefined) => (fen == null ? '—' : fenToYuan(fen));
const failed = (err: unknown) => message.error(err instanceof OperatorApiError ? err.message : String(err));

/**
 * /operator 运营后台: the installation operator's page, outside the organisations' shell and menus. Its own sign-in
 * (an operator account, `npm run operator -- create`), then the organisations with their money and prices, and per
 * organisation 人工入账, 赠送 AI 资源包, AI 单价, 线路费率, 坐席月租 and the audit log. Every money action is confirmed
 * first and written to the audit log with before and after.
 */
export default function OperatorPage() {
  const token = useOperatorToken();
  return token ? <OperatorShell /> : <OperatorLogin />;
}

function OperatorLogin() {
  const [pending, setPending] = useState(false);
  const submit = async (v: CallInput<typeof op.login>) => {
    setPending(true);
    try {
      const res = await operatorCall(op.login, v);
      setOperatorToken(res.token);
    } catch (err) {
      failed(err);
    } finally {
      setPending(false);
    }
  };
  return (
    <Layout style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', background: '#f0f2f5' }}>
      <Card title="运营后台登录" style={{ width: 380 }}>
        <Typography.Paragraph type="secondary">
          运营人员管理各机构的入账、资源包赠送与价格。账号由安装方用命令行创建（npm run operator -- create）。
        </Typography.Paragraph>
        <Form layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="account"
            label="运营账号"
            rules={[{ required: true, whitespace: true, message: '请输入账号' }]}
          >
            <Input autoComplete="username" placeholder="运营账号" />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password autoComplete="current-password" placeholder="密码" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={pending}>
            登录
          </Button>
        </Form>
      </Card>
    </Layout>
  );
}

function OperatorShell() {
  const me = useQuery({ queryKey: ['operator', 'me'], queryFn: () => operatorCall(op.me) });
  const qc = useQueryClient();
  const logout = async () => {
    await operatorCall(op.logout).catch(() => null);
    setOperatorToken(null);
    qc.removeQueries({ queryKey: ['operator'] });
  };
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', background: '#001529' }}
      >
        <Typography.Title level={4} style={{ color: '#fff', margin: 0 }}>
          运营后台
        </Typography.Title>
        <Space>
          <span style={{ color: '#fff' }}>运营人员：{me.data?.account ?? '…'}</span>
          <Button size="small" onClick={logout}>
            退出登录
          </Button>
        </Space>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Tabs
          items={[
            { key: 'orgs', label: '机构', children: <OrgList /> },
            { key: 'audit', label: '操作日志', children: <AuditLog /> },
          ]}
        />
      </Layout.Content>
    </Layout>
  );
}

function OrgList() {
  const [filter, setFilter] = useState({ pageNum: 1, pageSize: 20 as 10 | 20 | 50 | 100, keyword: '' });
  const [open, setOpen] = useState<Org | null>(null);
  const list = useQuery({
    queryKey: ['operator', 'orgs', filter],
    queryFn: () => operatorCall(op.organizationPageList, filter),
  });
  return (
    <Card>
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder="机构名称"
          style={{ width: 260 }}
          onSearch={(keyword) => setFilter({ ...filter, keyword, pageNum: 1 })}
        />
      </Space>
      <Table<Org>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.lists ?? []}
        pagination={{
          current: filter.pageNum,
          pageSize: filter.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (n) => `共 ${n} 个机构`,
          onChange: (pageNum, pageSize) => setFilter({ ...filter, pageNum, pageSize: pageSize as 10 | 20 | 50 | 100 }),
        }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: '机构名称', dataIndex: 'name' },
          { title: '状态', dataIndex: 'status', width: 70, render: (s: number) => (s === 1 ? '启用' : '停用') },
          { title: '账户余额（元）', dataIndex: 'balanceFen', align: 'right', render: yuan },
          {
            title: 'AI 剩余分钟',
            dataIndex: 'aiMinutesLeft',
            align: 'right',
            render: (v: number) => formatThousands(v, 0),
          },
          { title: 'AI 单价（元/分钟）', dataIndex: 'aiUnitPriceFen', align: 'right', render: yuan },
          { title: '坐席月租（元）', dataIndex: 'seatRateFenPerMonth', align: 'right', render: yuan },
          { title: '用户数', dataIndex: 'userCount', align: 'right', width: 80 },
          {
            title: '操作',
            width: 90,
            render: (_: unknown, r) => (
              <Button type="link" onClick={() => setOpen(r)}>
                管理
              </Button>
            ),
          },
        ]}
      />
      {open && <OrgDrawer org={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}

/** A money action: confirmed first (what, for which organisation), then sent; the lists are read again after it. */
function useMoneyAction<I>(send: (input: I) => Promise<unknown>, done: string) {
  const qc = useQueryClient();
  const m = useMutation({
    mutationFn: send,
    onSuccess: () => {
      message.success(done);
      void qc.invalidateQueries({ queryKey: ['operator'] });
    },
    onError: failed,
  });
  const run = (title: string, content: string, input: I) =>
    Modal.confirm({
      title,
      content,
      okText: '确认',
      cancelText: '取消',
      onOk: () => m.mutateAsync(input).catch(() => undefined),
    });
  return { run, pending: m.isPending };
}

function OrgDrawer({ org, onClose }: { org: Org; onClose: () => void }) {
  const organizationId = org.id;
  const detail = useQuery({
    queryKey: ['operator', 'org', organizationId],
    queryFn: () => operatorCall(op.organizationDetail, { organizationId }),
  });
  const d = detail.data;
  const [creditForm] = Form.useForm();
  const [packForm] = Form.useForm();
  const credit = useMoneyAction(
    (v: { amountFen: number; reason: string }) => operatorCall(b.manualCredit, { organizationId, ...v }),
    '已入账',
  );
  const pack = useMoneyAction(
    (v: { units: number; days: number; priceFen: number }) =>
      operatorCall(contract.costCenter.addAiAnalyzePack, { organizationId, ...v }),
    '已赠送资源包',
  );
  const price = useMoneyAction(
    (pricePerMinute: number) => operatorCall(contract.orgSettings.setAiUnitPrice, { organizationId, pricePerMinute }),
    'AI 单价已保存',
  );
  const rate = useMoneyAction(
    (v: { line: string; rateFenPerMinute: number }) => operatorCall(b.saveCallRate, { organizationId, ...v }),
    '线路费率已保存',
  );
  const seat = useMoneyAction(
    (fenPerMonth: number) => operatorCall(b.saveSeatRate, { organizationId, fenPerMonth }),
    '坐席月租已保存',
  );
  const name = org.name;
  return (
    <Drawer open width={880} title={`机构：${name}`} onClose={onClose} destroyOnHidden>
      <Descriptions bordered size="small" column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="账户余额">{yuan(d?.balanceFen)} 元</Descriptions.Item>
        <Descriptions.Item label="AI 剩余分钟">{d ? formatThousands(d.aiMinutesLeft, 0) : '—'}</Descriptions.Item>
        <Descriptions.Item label="AI 单价">{yuan(d?.aiUnitPriceFen)} 元/分钟</Descriptions.Item>
        <Descriptions.Item label="坐席月租">{yuan(d?.seatRateFenPerMonth)} 元/坐席/月</Descriptions.Item>
      </Descriptions>
      <Tabs
        items={[
          {
            key: 'credit',
            label: '人工入账',
            children: (
              <Form
                form={creditForm}
                layout="vertical"
                style={{ maxWidth: 420 }}
                onFinish={(v) =>
                  credit.run(
                    '确认人工入账',
                    `向「${name}」入账 ${yuan(v.amountFen)} 元（${v.reason}），入账后不可撤销。`,
                    v,
                  )
                }
              >
                <Form.Item name="amountFen" label="入账金额" rules={[{ required: true, message: '请输入入账金额' }]}>
                  <MoneyInput placeholder="0.00" />
                </Form.Item>
                <Form.Item
                  name="reason"
                  label="备注（入账原因）"
                  rules={[{ required: true, whitespace: true, message: '请输入入账原因' }]}
                >
                  <Input.TextArea rows={2} maxLength={200} placeholder="如：对公转账 招商银行尾号 6621" />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={credit.pending}>
                  入账
                </Button>
              </Form>
            ),
          },
          {
            key: 'pack',
            label: '赠送 AI 资源包',
            children: (
              <Form
                form={packForm}
                layout="vertical"
                style={{ maxWidth: 420 }}
                initialValues={{ days: 365, priceFen: 0 }}
                onFinish={(v) =>
                  pack.run(
                    '确认赠送 AI 资源包',
                    `向「${name}」赠送 ${formatThousands(v.units, 0)} 分钟，有效 ${v.days} 天，价格 ${yuan(v.priceFen)} 元。`,
                    v,
                  )
                }
              >
                <Form.Item name="units" label="分钟数" rules={[{ required: true, message: '请输入分钟数' }]}>
                  <InputNumber min={1} max={1_000_000} precision={0} style={{ width: '100%' }} addonAfter="分钟" />
                </Form.Item>
                <Form.Item name="days" label="有效天数" rules={[{ required: true, message: '请输入有效天数' }]}>
                  <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} addonAfter="天" />
                </Form.Item>
                <Form.Item name="priceFen" label="价格（线下收取，0 为赠送）" rules={[{ required: true }]}>
                  <MoneyInput placeholder="0.00" />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={pack.pending}>
                  赠送
                </Button>
              </Form>
            ),
          },
          {
            key: 'price',
            label: 'AI 单价',
            children: (
              <Form
                layout="inline"
                key={d?.aiUnitPriceFen}
                initialValues={{ pricePerMinute: d?.aiUnitPriceFen }}
                onFinish={(v) =>
                  price.run(
                    '确认修改 AI 单价',
                    `「${name}」的 AI 单价由 ${yuan(d?.aiUnitPriceFen)} 元/分钟改为 ${yuan(v.pricePerMinute)} 元/分钟。`,
                    v.pricePerMinute,
                  )
                }
              >
                <Form.Item
                  name="pricePerMinute"
                  label="AI 单价（元/分钟）"
                  rules={[{ required: true, message: '请输入单价' }]}
                >
                  <MoneyInput placeholder="0.10" style={{ width: 160 }} />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={price.pending}>
                  保存
                </Button>
              </Form>
            ),
          },
          {
            key: 'rates',
            label: '线路费率',
            children: (
              <>
                <Table
                  rowKey="id"
                  size="small"
                  pagination={false}
                  style={{ marginBottom: 16 }}
                  dataSource={d?.callRates ?? []}
                  columns={[
                    { title: '线路', dataIndex: 'line', render: (l: string) => (l === '*' ? '默认' : l) },
                    { title: '费率（元/分钟）', dataIndex: 'rateFenPerMinute', render: yuan },
                    { title: '更新时间', dataIndex: 'updatedAt' },
                  ]}
                />
                <Form
                  layout="inline"
                  initialValues={{ line: '默认' }}
                  onFinish={(v) =>
                    rate.run(
                      '确认设置线路费率',
                      `「${name}」的线路「${v.line}」费率设为 ${yuan(v.rateFenPerMinute)} 元/分钟。`,
                      v,
                    )
                  }
                >
                  <Form.Item
                    name="line"
                    label="线路"
                    rules={[{ required: true, whitespace: true, message: '请输入线路' }]}
                  >
                    <Input style={{ width: 160 }} placeholder="默认" />
                  </Form.Item>
                  <Form.Item name="rateFenPerMinute" label="费率" rules={[{ required: true, message: '请输入费率' }]}>
                    <MoneyInput placeholder="0.12" style={{ width: 140 }} />
                  </Form.Item>
                  <Button type="primary" htmlType="submit" loading={rate.pending}>
                    保存
                  </Button>
                </Form>
              </>
            ),
          },
          {
            key: 'seat',
            label: '坐席月租',
            children: (
              <Form
                layout="inline"
                key={d?.seatRateFenPerMonth}
                initialValues={{ fenPerMonth: d?.seatRateFenPerMonth }}
                onFinish={(v) =>
                  seat.run(
                    '确认修改坐席月租',
                    `「${name}」的坐席月租设为每个在用坐席每月 ${yuan(v.fenPerMonth)} 元（0 为不收）。`,
                    v.fenPerMonth,
                  )
                }
              >
                <Form.Item
                  name="fenPerMonth"
                  label="坐席月租（元/坐席/月）"
                  rules={[{ required: true, message: '请输入月租' }]}
                >
                  <MoneyInput placeholder="0.00" style={{ width: 160 }} />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={seat.pending}>
                  保存
                </Button>
              </Form>
            ),
          },
          { key: 'audit', label: '操作日志', children: <AuditLog organizationId={organizationId} /> },
        ]}
      />
    </Drawer>
  );
}

/** A snapshot of money and prices as the audit log keeps it, in one line. */
function describeMoney(v: unknown): string {
  if (!v || typeof v !== 'object') return '—';
  const m = v as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof m.balanceFen === 'number') parts.push(`余额 ${yuan(m.balanceFen)}`);
  if (typeof m.aiMinutesLeft === 'number') parts.push(`AI ${formatThousands(m.aiMinutesLeft, 0)} 分钟`);
  if (typeof m.aiUnitPriceFen === 'number') parts.push(`单价 ${yuan(m.aiUnitPriceFen)}`);
  if (typeof m.seatRateFenPerMonth === 'number') parts.push(`月租 ${yuan(m.seatRateFenPerMonth)}`);
  if (Array.isArray(m.callRates) && m.callRates.length)
    parts.push(
      `费率 ${m.callRates
        .map(
          (r: { line: string; rateFenPerMinute: number }) =>
            `${r.line === '*' ? '默认' : r.line} ${yuan(r.rateFenPerMinute)}`,
        )
        .join('、')}`,
    );
  if (typeof m.status === 'number') parts.push(m.status === 1 ? '启用' : '停用');
  return parts.join('；') || '—';
}

function AuditLog({ organizationId }: { organizationId?: number }) {
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 as 10 | 20 | 50 | 100 });
  const list = useQuery({
    queryKey: ['operator', 'audit', organizationId ?? 0, paging],
    queryFn: () => operatorCall(op.auditPageList, { ...paging, organizationId }),
  });
  return (
    <Table<AuditRow>
      rowKey="id"
      size="small"
      loading={list.isLoading}
      dataSource={list.data?.lists ?? []}
      pagination={{
        current: paging.pageNum,
        pageSize: paging.pageSize,
        total: list.data?.total ?? 0,
        showTotal: (n) => `共 ${n} 条`,
        onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize: pageSize as 10 | 20 | 50 | 100 }),
      }}
      columns={[
        { title: '时间', dataIndex: 'createdAt', width: 170 },
        { title: '操作人', dataIndex: 'operatorAccount', width: 110 },
        ...(organizationId
          ? []
          : [{ title: '机构', dataIndex: 'organizationName', render: (v: string | null) => v ?? '—' }]),
        { title: '操作', dataIndex: 'action', width: 120 },
        { title: '操作前', dataIndex: 'before', render: describeMoney },
        { title: '操作后', dataIndex: 'after', render: describeMoney },
      ]}
    />
  );
}
