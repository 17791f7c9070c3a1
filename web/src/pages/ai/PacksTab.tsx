import { fenToYuan } from '@crm/core';
import { contract } from '@crm/core/contract';
import { PackStateName } from '@crm/core/contract/costCenter';
import { Alert, Card, Col, Form, InputNumber, Row, Select, Space, Statistic, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { type RowOf, useCallMutation, useCallPage, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { AddButton } from '../../components/AddButton';
import { DateRangePicker } from '../../components/DateRangePicker';
import { FormModal } from '../../components/FormModal';
import { ANALYSIS_READS } from '../../features/analysis/Reanalyse';

const c = contract.costCenter;
type Pack = RowOf<typeof c.aiAnalyzePackDetailsPageList>;
type Usage = RowOf<typeof c.getAiAnalyzeRecordList>;
const STATE_COLOR: Record<number, string> = { 1: 'green', 2: 'default', 3: 'red' };

/**
 * 购买: an AI pack paid from the organisation's balance at the unit price the installation operator set (money is
 * added to the balance through the payment channels of 费用中心; packs are never created for free here).
 */
function BuyModal({ unitPriceFen, onClose }: { unitPriceFen: number; onClose: () => void }) {
  const [form] = Form.useForm<{ units: number }>();
  const units = Form.useWatch('units', form);
  const buy = useCallMutation(contract.billing.buyAiPack, {
    success: '已购买',
    // paused analyses resume once the balance is there: the analysis screens refresh too
    invalidate: [c.getAiAnalyzeBalance, c.aiAnalyzePackDetailsPageList, contract.billing.getBalance, ...ANALYSIS_READS],
    onSuccess: onClose,
  });
  return (
    <FormModal<{ units: number }>
      title="用账户余额购买 AI 分析资源包"
      okText="确认购买"
      form={form}
      loading={buy.isPending}
      onClose={onClose}
      onSubmit={(v) => buy.mutate(v)}
    >
      <Form.Item name="units" label="分钟数（有效期一年）" rules={[{ required: true, message: '请输入分钟数' }]}>
        <InputNumber
          min={1}
          max={1_000_000}
          precision={0}
          suffix="分钟"
          style={{ width: 220 }}
          data-testid="pack-units"
        />
      </Form.Item>
      <Form.Item label="应付金额">
        {fenToYuan((units ?? 0) * unitPriceFen)} 元（{fenToYuan(unitPriceFen)}{' '}
        元/分钟，从账户余额扣除；余额不足请先到费用中心充值）
      </Form.Item>
    </FormModal>
  );
}

function PackList() {
  const [state, setState] = useState<number | undefined>(undefined);
  const list = useCallPage(c.aiAnalyzePackDetailsPageList, { state }, 'aiAnalyzePacks');
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Select
        allowClear
        placeholder="状态"
        style={{ width: 140 }}
        value={state}
        onChange={(v) => {
          list.pager.reset();
          setState(v);
        }}
        options={Object.entries(PackStateName).map(([value, label]) => ({ value: Number(value), label }))}
      />
      <Table<Pack>
        rowKey="id"
        size="middle"
        data-testid="pack-table"
        {...list.tableProps}
        columns={[
          { title: '资源包', dataIndex: 'name' },
          { title: '来源', dataIndex: 'sourceName', width: 80 },
          { title: '总分钟', dataIndex: 'totalUnits', width: 90 },
          { title: '已用', dataIndex: 'usedUnits', width: 80 },
          { title: '剩余', dataIndex: 'leftUnits', width: 80 },
          { title: '金额', dataIndex: 'priceFen', width: 110, render: (v: number) => `¥${fenToYuan(v)}` },
          {
            title: '状态',
            dataIndex: 'state',
            width: 90,
            render: (v: number, r) => <Tag color={STATE_COLOR[v]}>{r.stateName}</Tag>,
          },
          { title: '生效时间', dataIndex: 'startsAt', width: 170, render: (v) => v ?? '-' },
          { title: '到期时间', dataIndex: 'expiresAt', width: 170, render: (v) => v ?? '-' },
        ]}
      />
    </Space>
  );
}

function UsageList() {
  const [date, setDate] = useState<{ text: string; startTime: string; endTime: string } | null>(null);
  const list = useCallPage(
    c.getAiAnalyzeRecordList,
    date ? { startTime: date.startTime, endTime: date.endTime } : {},
    'aiAnalyzeRecords',
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <DateRangePicker
        disabledFuture
        value={date?.text ?? null}
        onChange={(text, range) => {
          list.pager.reset();
          setDate(text && range ? { text, startTime: range[0], endTime: range[1] } : null);
        }}
      />
      <Table<Usage>
        rowKey="id"
        size="middle"
        {...list.tableProps}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 170, render: (v) => v ?? '-' },
          {
            title: '通话',
            dataIndex: 'recordingId',
            width: 110,
            render: (v: number | null) =>
              v ? (
                <a href={`/callDetail?id=${v}`} target="_blank" rel="noreferrer">
                  #{v}
                </a>
              ) : (
                '-'
              ),
          },
          { title: '使用分钟', dataIndex: 'units', width: 90 },
          { title: '费用', dataIndex: 'costFen', width: 100, render: (v: number) => `¥${fenToYuan(v)}` },
          { title: '使用人', dataIndex: 'userName', width: 100, render: (v) => v ?? '-' },
          { title: '说明', dataIndex: 'remark', render: (v) => v ?? '-' },
        ]}
      />
    </Space>
  );
}

/** AI 资源包: the AI analysis balance, the packs bought and the usage records; 购买 (from the balance) for cost:edit. */
export function PacksTab() {
  const canRecharge = useHasSign('cost:edit');
  const canView = useHasSign('cost:view');
  const balance = useCallQuery(c.getAiAnalyzeBalance, undefined);
  const [recharging, setRecharging] = useState(false);
  const b = balance.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={12}>
      {b?.isLess === 1 && (
        <Alert type="warning" showIcon title="AI 分析余额不足：余额用完后新的通话将暂停分析，充值后自动继续。" />
      )}
      <Card size="small" loading={balance.isLoading}>
        <Row gutter={16} align="middle">
          <Col xs={12} md={6}>
            <Statistic
              title="剩余分钟"
              value={b?.totalStr ?? '-'}
              styles={{ content: { color: b?.isLess ? '#fa8c16' : undefined } }}
              data-testid="ai-balance"
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="最近到期" value={b?.expStr ?? '-'} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="单价" value={b ? `¥${fenToYuan(b.unitPriceFen)} / 分钟` : '-'} />
          </Col>
          <Col xs={12} md={6} style={{ textAlign: 'right' }}>
            {canRecharge && (
              <AddButton onClick={() => setRecharging(true)} data-testid="recharge">
                购买
              </AddButton>
            )}
          </Col>
        </Row>
        {b && !b.openAiCharging && (
          <Alert style={{ marginTop: 8 }} type="info" showIcon title="本机构 AI 分析当前不计费，分析不扣减余额。" />
        )}
      </Card>
      {canView ? (
        <Tabs
          items={[
            { key: 'packs', label: '资源包', children: <PackList /> },
            { key: 'usage', label: '使用记录', children: <UsageList /> },
          ]}
        />
      ) : (
        <Alert type="info" showIcon title="查看资源包与使用记录需要费用中心权限" />
      )}
      {recharging && b && <BuyModal unitPriceFen={b.unitPriceFen} onClose={() => setRecharging(false)} />}
    </Space>
  );
}
