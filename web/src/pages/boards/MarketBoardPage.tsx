import { fenToYuan } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { MarketBoard } from '@crm/core/contract/boards';
import { Card, Col, DatePicker, Form, Row, Select, Space, Statistic, Table, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { navigateTo } from '../../app/navigation';
import { useHasSign } from '../../app/session';
import { AddButton } from '../../components/AddButton';
import {
  barOption,
  EChart,
  Freshness,
  formatValue,
  pieOption,
  StatsFilterBar,
  type StatsQuery,
  useStatsFilters,
} from '../../components/charts';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';
import { MoneyInput } from '../../components/MoneyInput';
import { useDictItems } from '../../features/lead/settings';
import { leadsLink } from '../../features/stats/boardLinks';
import { BoardExport } from './BoardExport';

type Row_ = MarketBoard['totals'];
const mb = contract.marketBoard;
const money = (v: number | null) => (v === null ? '-' : fenToYuan(v));

function columns(q: StatsQuery, by: 'source' | 'way') {
  return [
    { title: by === 'source' ? '渠道来源' : '导入渠道', dataIndex: 'name' },
    {
      title: '线索数',
      dataIndex: 'leads',
      align: 'right' as const,
      render: (v: number, r: Row_) =>
        r.key !== 'total' && v ? (
          <LinkButton
            onClick={() => navigateTo(leadsLink(q, by === 'source' ? { channelSourceId: r.id } : { importWay: r.id }))}
          >
            {formatValue(v)}
          </LinkButton>
        ) : (
          formatValue(v)
        ),
    },
    { title: '成交数', dataIndex: 'deals', align: 'right' as const, render: (v: number) => formatValue(v) },
    {
      title: '转化率',
      dataIndex: 'conversion',
      align: 'right' as const,
      render: (v: number | null) => (v === null ? '-' : `${v}%`),
    },
    { title: '成交金额（元）', dataIndex: 'amountFen', align: 'right' as const, render: money },
    ...(by === 'source'
      ? [
          { title: '投放成本（元）', dataIndex: 'costFen', align: 'right' as const, render: money },
          { title: '线索成本（元）', dataIndex: 'costPerLeadFen', align: 'right' as const, render: money },
          { title: '成交成本（元）', dataIndex: 'costPerDealFen', align: 'right' as const, render: money },
        ]
      : []),
  ];
}

/**
 * /main/marketBoard 市场看板: leads, deals, amounts and cost per lead source and per import channel; the cost of a
 * source is entered per month (登记投放成本). A source's or channel's lead count opens the leads behind it.
 */
export default function MarketBoardPage() {
  const filters = useStatsFilters();
  const q = filters.applied;
  const board = useCallQuery(mb.get, q);
  const [by, setBy] = useState<'source' | 'way'>('source');
  const [costOpen, setCostOpen] = useState(false);
  const canEdit = useHasSign('board:edit');
  const d = board.data;
  const sources = d?.sources ?? [];
  const share = useMemo(
    () => pieOption(sources.filter((r) => r.leads).map((r) => ({ name: r.name, value: r.leads }))),
    [sources],
  );
  const channels = d?.channels ?? [];
  const byChannel = useMemo(
    () =>
      barOption(
        channels.map((r) => r.name),
        [
          { name: '线索数', data: channels.map((r) => r.leads) },
          { name: '成交数', data: channels.map((r) => r.deals) },
        ],
      ),
    [channels],
  );
  const t = d?.totals;
  return (
    <div className="page-card">
      <StatsFilterBar
        of={filters}
        extra={
          <Space>
            <Freshness at={d?.freshAt} />
            <BoardExport call={mb.export} input={q} />
            {canEdit && <AddButton onClick={() => setCostOpen(true)}>登记投放成本</AddButton>}
          </Space>
        }
      />
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        {(
          [
            ['线索数', t && formatValue(t.leads)],
            ['成交数', t && formatValue(t.deals)],
            ['转化率', t && (t.conversion === null ? '-' : `${t.conversion}%`)],
            ['成交金额（元）', t && money(t.amountFen)],
            ['投放成本（元）', t && money(t.costFen)],
            ['线索成本（元）', t && money(t.costPerLeadFen)],
          ] as const
        ).map(([title, value]) => (
          <Col key={title} xs={12} md={8} lg={4}>
            <Card size="small">
              <Statistic title={title} loading={!t} value={value ?? '-'} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={12} style={{ marginBottom: 12 }}>
        <Col xs={24} lg={10}>
          <Card size="small" title="渠道来源占比">
            <EChart
              option={share}
              testId="market-share"
              style={{ height: 280 }}
              onClick={(p) => {
                const r = sources.find((s) => s.name === p.name);
                if (r) navigateTo(leadsLink(q, { channelSourceId: r.id }));
              }}
            />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title="各导入渠道线索与成交">
            <EChart option={byChannel} testId="market-channels" style={{ height: 280 }} />
          </Card>
        </Col>
      </Row>
      <Tabs
        activeKey={by}
        onChange={(k) => setBy(k as 'source' | 'way')}
        items={[
          { key: 'source', label: '按渠道来源' },
          { key: 'way', label: '按导入渠道' },
        ]}
      />
      <Table
        size="small"
        rowKey="key"
        loading={board.isFetching}
        pagination={false}
        dataSource={by === 'source' ? [...sources, ...(t ? [t] : [])] : channels}
        columns={columns(q, by)}
        data-testid="market-table"
      />
      {costOpen && <CostModal onClose={() => setCostOpen(false)} />}
    </div>
  );
}

/** 登记投放成本: what a lead source cost in a month (replaces what was entered for that month). */
function CostModal({ onClose }: { onClose: () => void }) {
  const sources = useDictItems('channelSource');
  const save = useCallMutation(mb.saveCost, {
    success: '已登记',
    invalidate: [mb.get, mb.costList],
    onSuccess: onClose,
  });
  return (
    <FormModal<{ month: dayjs.Dayjs; channelSourceId: number; costFen: number | null }>
      title="登记投放成本"
      loading={save.isPending}
      onClose={onClose}
      initialValues={{ month: dayjs() }}
      onSubmit={(v) =>
        save.mutate({ month: v.month.format('YYYY-MM'), channelSourceId: v.channelSourceId, costFen: v.costFen ?? 0 })
      }
    >
      <Form.Item name="month" label="月份" rules={[{ required: true, message: '请选择月份' }]}>
        <DatePicker picker="month" allowClear={false} />
      </Form.Item>
      <Form.Item name="channelSourceId" label="渠道来源" rules={[{ required: true, message: '请选择渠道来源' }]}>
        <Select
          placeholder="请选择渠道来源"
          options={(sources.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          data-testid="cost-source"
        />
      </Form.Item>
      <Form.Item name="costFen" label="投放成本" rules={[{ required: true, message: '请输入投放成本' }]}>
        <MoneyInput data-testid="cost-amount" />
      </Form.Item>
    </FormModal>
  );
}
