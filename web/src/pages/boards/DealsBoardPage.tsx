import { CrownFilled, SettingOutlined } from '@ant-design/icons';
import { fenToYuan } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { DealPeriod } from '@crm/core/contract/boards';
import { Button, Card, Col, Progress, Row, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useCallQuery } from '../../api/hooks';
import { navigateTo } from '../../app/navigation';
import { useHasSign } from '../../app/session';
import { barOption, EChart, formatValue, lineOption, StatsFilterBar, useStatsFilters } from '../../components/charts';
import { LinkButton } from '../../components/LinkButton';
import { BoardExport } from './BoardExport';
import { DealsList } from './DealsList';

/** The picker label of a setting's period (本年 is 今年 among the presets). */
const PERIOD_LABEL: Record<keyof typeof DealPeriod, string> = {
  1: '今天',
  2: '本周',
  3: '本月',
  4: '本季度',
  5: '今年',
};

/**
 * /main/dealsBoard 成交看板: deals and amounts per user against the targets of the chosen setting, the team's
 * progress, the sales champions, the daily trend; every figure opens the deals behind it (成交明细).
 */
export default function DealsBoardPage() {
  const settings = useCallQuery(contract.dealBoardSetting.list, undefined);
  const [picked, setPicked] = useState<number>();
  if (settings.isLoading) return <div className="page-card">加载中…</div>;
  const list = settings.data ?? [];
  const setting = list.find((s) => s.id === picked) ?? list[0];
  return (
    <DealsBoard
      key={setting?.id ?? 0}
      settingId={setting?.id}
      period={PERIOD_LABEL[(setting?.periodType ?? 3) as keyof typeof DealPeriod]}
      settings={list.map((s) => ({ value: s.id, label: s.isDefault === 1 ? `${s.name}（默认）` : s.name }))}
      onPick={setPicked}
    />
  );
}

/** The board of one setting (none: this month, every deal); its period is the filter's default. */
function DealsBoard({
  settingId,
  period,
  settings,
  onPick,
}: {
  settingId: number | undefined;
  period: string;
  settings: { value: number; label: string }[];
  onPick: (id: number) => void;
}) {
  const filters = useStatsFilters(period);
  const [dealsOf, setDealsOf] = useState<{ userId?: number } | null>(() =>
    new URLSearchParams(window.location.search).get('deals') ? {} : null,
  );
  const canEdit = useHasSign('board:edit');
  const q = { ...filters.applied, settingId };
  const board = useCallQuery(contract.boardPages.getBoardPageList, q);
  const data = board.data;
  const rows = data?.rows ?? [];

  const ranking = useMemo(
    () =>
      barOption(
        rows.map((r) => r.userName),
        [{ name: '成交金额', data: rows.map((r) => r.amountFen) }],
        'money',
        true,
      ),
    [rows],
  );
  const trend = useMemo(
    () =>
      lineOption(
        (data?.trend ?? []).map((p) => p.day.slice(5)),
        [{ name: '成交金额', data: (data?.trend ?? []).map((p) => p.amountFen) }],
        'money',
      ),
    [data],
  );
  const open = (userId?: number) => setDealsOf({ userId });
  const listQuery = dealsOf && {
    ...filters.applied,
    settingId,
    userIds: dealsOf.userId ? [dealsOf.userId] : filters.applied.userIds,
  };

  return (
    <div className="page-card">
      <StatsFilterBar
        of={filters}
        extra={
          <Space>
            <BoardExport call={contract.dealManager.exportBoard} input={q} label="导出排行" />
            {canEdit && (
              <Button icon={<SettingOutlined />} onClick={() => navigateTo('/main/dealsBoardSettings')}>
                看板设置
              </Button>
            )}
          </Space>
        }
      >
        {settings.length > 0 && (
          <Select
            style={{ width: 160 }}
            value={settingId}
            onChange={onPick}
            options={settings}
            data-testid="deals-setting"
          />
        )}
      </StatsFilterBar>
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        <Col xs={12} md={6}>
          <Card size="small" hoverable onClick={() => open()} data-testid="deals-total">
            <Statistic title="成交单数" loading={!data} value={data?.dealCount ?? 0} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small" hoverable onClick={() => open()}>
            <Statistic title="成交金额（元）" loading={!data} value={data ? fenToYuan(data.amountFen) : '-'} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic
              title="团队目标（元）"
              loading={!data}
              value={data?.teamTargetFen ? fenToYuan(data.teamTargetFen) : '未设置'}
            />
            {data?.progress != null && (
              <Progress percent={Math.min(100, data.progress)} format={() => `${data.progress}%`} size="small" />
            )}
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic
              title="销冠"
              loading={!data}
              value={data?.champions.length ? data.champions.map((c) => c.userName).join('、') : '暂无'}
              prefix={<CrownFilled style={{ color: '#faad14' }} />}
            />
            <Typography.Text type="secondary" data-testid="period-leader">
              本期领先：
              {data?.leader
                ? `${data.leader.userName}（${data.leader.dealCount} 单，${formatValue(data.leader.amountFen, 'money')} 元）`
                : '暂无成交'}
            </Typography.Text>
          </Card>
        </Col>
      </Row>
      <Row gutter={12} style={{ marginBottom: 12 }}>
        <Col xs={24} lg={12}>
          <Card size="small" title="成交金额排行">
            <EChart
              option={ranking}
              testId="deals-ranking"
              style={{ height: Math.max(260, rows.length * 28) }}
              onClick={(p) => open([...rows].reverse()[p.dataIndex]?.userId)}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={`每日成交趋势（${data ? `${data.startDate}至${data.endDate}` : ''}）`}>
            <EChart option={trend} testId="deals-trend" style={{ height: 260 }} />
          </Card>
        </Col>
      </Row>
      <Table
        size="small"
        rowKey="userId"
        loading={board.isFetching}
        dataSource={rows}
        pagination={false}
        data-testid="deals-table"
        columns={[
          { title: '排名', dataIndex: 'rank', width: 64 },
          {
            title: '员工',
            dataIndex: 'userName',
            render: (v: string, r) => (
              <Space size={4}>
                {v}
                {r.isSalesChampion && (
                  <Tag color="gold" icon={<CrownFilled />}>
                    销冠
                  </Tag>
                )}
              </Space>
            ),
          },
          { title: '部门', dataIndex: 'deptName', render: (v) => v ?? '-' },
          {
            title: '成交单数',
            dataIndex: 'dealCount',
            align: 'right',
            render: (v: number, r) => (v ? <LinkButton onClick={() => open(r.userId)}>{v}</LinkButton> : 0),
          },
          { title: '成交金额（元）', dataIndex: 'amountFen', align: 'right', render: fenToYuan },
          { title: '目标单数', dataIndex: 'targetCount', align: 'right', render: (v: number) => v || '-' },
          {
            title: '目标金额（元）',
            dataIndex: 'targetFen',
            align: 'right',
            render: (v: number) => (v ? fenToYuan(v) : '-'),
          },
          {
            title: '完成率',
            dataIndex: 'progress',
            width: 160,
            render: (v: number | null) =>
              v === null ? '-' : <Progress percent={Math.min(100, v)} format={() => `${v}%`} size="small" />,
          },
        ]}
      />
      <DealsList query={listQuery} onClose={() => setDealsOf(null)} />
    </div>
  );
}
