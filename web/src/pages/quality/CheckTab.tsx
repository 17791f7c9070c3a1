import { ReloadOutlined, SettingOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Drawer, Row, Segmented, Space, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { keyOf, type RowOf, useCallPage, useCallQuery } from '../../api/hooks';
import { useDraftFilters } from '../../components/useDraftFilters';
import { CallDetailView } from '../../features/call/CallDetailView';
import {
  type CheckDraft,
  type CheckFilterBody,
  checkFilterBody,
  deductionText,
  percentText,
  scoreText,
} from '../../features/quality/check';
import { CheckExport } from './CheckExport';
import { CheckFilterBar } from './CheckFilterBar';
import { RecheckModal } from './RecheckModal';
import { SamplesView } from './SamplesView';
import { ScorecardModal } from './ScorecardModal';

const q = contract.qualityCheck;
type Mode = 'call' | 'seat';
export type CallRow = RowOf<typeof q.callCheckPageSecond>;
type ListRow = RowOf<typeof q.callCheckPage>;
type SeatRow = Exclude<ListRow, CallRow>;
const isCallRow = (r: ListRow): r is CallRow => 'recordingId' in r;
const isSeatRow = (r: ListRow): r is SeatRow => !isCallRow(r);
/** The call the drawer shows: a row of the list, or only its id (from 抽检). */
type OpenedCall = Pick<CallRow, 'recordingId'> & Partial<CallRow>;

/** The columns of a call row (the list by call and the second level of a seat). */
export function callColumns(open: (r: CallRow) => void): ColumnsType<CallRow> {
  return [
    {
      title: '通话时间',
      dataIndex: 'callTime',
      width: 165,
      render: (v: string | null, r) => (
        <Typography.Link onClick={() => open(r)} data-testid="open-check">
          {v ?? `通话 ${r.recordingId}`}
        </Typography.Link>
      ),
    },
    { title: '坐席', dataIndex: 'ownerName', width: 90, render: (v) => v ?? '-' },
    { title: '部门', dataIndex: 'deptName', width: 110, render: (v) => v ?? '-' },
    { title: '时长', dataIndex: 'durationText', width: 80 },
    {
      title: '得分',
      dataIndex: 'score',
      width: 70,
      render: (v: number, r) => (
        <Typography.Text strong type={r.passed ? undefined : 'danger'} data-testid="check-score">
          {v}
        </Typography.Text>
      ),
    },
    {
      title: '是否合格',
      dataIndex: 'passedName',
      width: 90,
      render: (v: string, r) => (
        <Space size={2}>
          <Tag color={r.passed ? 'green' : 'red'}>{v}</Tag>
          {r.fatal && <Tag color="magenta">致命</Tag>}
        </Space>
      ),
    },
    {
      title: '违规',
      dataIndex: 'violationCount',
      width: 160,
      render: (n: number, r) =>
        n ? (
          <Tooltip title={r.violationRules.join('、')}>
            <Typography.Text ellipsis style={{ maxWidth: 150 }}>
              {n} 次：{r.violationRules.join('、')}
            </Typography.Text>
          </Tooltip>
        ) : (
          '-'
        ),
    },
    {
      title: 'SOP 覆盖',
      dataIndex: 'sopCoverage',
      width: 110,
      render: (v: number | null, r) => (v === null ? '-' : `${percentText(v)}（缺 ${r.missedItemCount}）`),
    },
    {
      title: '扣分项',
      dataIndex: 'deductions',
      width: 240,
      render: (ds: CallRow['deductions']) =>
        ds.length ? (
          <Tooltip title={ds.map(deductionText).join('\n')} styles={{ root: { whiteSpace: 'pre-line' } }}>
            <Typography.Text ellipsis style={{ maxWidth: 230 }}>
              {ds.map(deductionText).join('；')}
            </Typography.Text>
          </Tooltip>
        ) : (
          '-'
        ),
    },
    { title: '评分卡', dataIndex: 'scorecardName', width: 120, render: (v) => v ?? '-' },
  ];
}

/** The second level of a seat row: its calls under the same filters. */
function SeatCalls({
  ownerUserId,
  filters,
  open,
}: {
  ownerUserId: number;
  filters: CheckFilterBody;
  open: (r: CallRow) => void;
}) {
  const list = useCallPage(q.callCheckPageSecond, { ...filters, ownerUserId }, 'callCheckSecond');
  return (
    <Table<CallRow>
      rowKey="recordingId"
      size="small"
      columns={callColumns(open)}
      scroll={{ x: 1200 }}
      {...list.tableProps}
      data-testid="seat-calls"
    />
  );
}

function HeadFigures({ filters }: { filters: CheckFilterBody }) {
  const head = useCallQuery(q.callCheckPageHead, { ...filters, mode: 'call' });
  const h = head.data;
  const figures = [
    { key: 'calls', title: '已质检通话', value: h ? String(h.calls) : '-', suffix: '通' },
    { key: 'violations', title: '违规次数', value: h ? String(h.violations) : '-', suffix: '次' },
    { key: 'average', title: '平均分', value: h ? scoreText(h.averageScore) : '-', suffix: '分' },
    { key: 'passRate', title: '合格率', value: h ? percentText(h.passRate) : '-' },
  ];
  return (
    <Row gutter={12} data-testid="check-head">
      {figures.map((f) => (
        <Col span={6} key={f.key}>
          <Card size="small" loading={head.isLoading}>
            <Statistic
              title={f.title}
              value={f.value}
              suffix={f.value === '-' ? undefined : f.suffix}
              data-testid={`head-${f.key}`}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/**
 * AI 质检: every machine-checked call's score under the active scorecard, by call or by seat (a seat's row opens its
 * calls), with the header figures, filters and export; 评分卡, 重新质检 and 抽检 for holders of quality:edit.
 */
export function CheckTab({ canEdit }: { canEdit: boolean }) {
  const qc = useQueryClient();
  const [mode, setMode] = useState<Mode>('call');
  const [detail, setDetail] = useState<OpenedCall | null>(null);
  const [dialog, setDialog] = useState<'scorecard' | 'recheck' | 'samples' | null>(null);
  const bar = useDraftFilters<CheckDraft, CheckFilterBody>(
    () => {
      list.pager.reset();
      // 查询 reads afresh: calls checked since are there even with the same filters
      for (const c of [q.callCheckPage, q.callCheckPageHead, q.callCheckPageSecond])
        void qc.invalidateQueries({ queryKey: keyOf(c) });
    },
    (d) => checkFilterBody(d),
  );
  const list = useCallPage(q.callCheckPage, { ...bar.filters, mode }, `callCheck-${mode}`);
  const open = (r: CallRow) => setDetail(r);
  const seatColumns: ColumnsType<SeatRow> = [
    { title: '坐席', dataIndex: 'ownerName', width: 120, render: (v) => v ?? '未归属' },
    { title: '部门', dataIndex: 'deptName', width: 140, render: (v) => v ?? '-' },
    { title: '质检通话', dataIndex: 'calls', width: 100 },
    { title: '平均分', dataIndex: 'averageScore', width: 90, render: (v: number) => scoreText(v) },
    { title: '合格通话', dataIndex: 'passed', width: 100 },
    { title: '合格率', dataIndex: 'passRate', width: 90, render: (v: number) => percentText(v) },
    { title: '违规次数', dataIndex: 'violations', width: 100 },
  ];
  const rows = list.tableProps.dataSource ?? [];
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="check-tab">
      <HeadFigures filters={bar.filters} />
      <CheckFilterBar draft={bar.draft} patch={bar.patch} onSearch={bar.search} onReset={bar.reset} />
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Segmented<Mode>
          value={mode}
          onChange={(m) => {
            list.pager.reset();
            setMode(m);
          }}
          options={[
            { value: 'call', label: '按通话' },
            { value: 'seat', label: '按坐席' },
          ]}
          data-testid="check-mode"
        />
        <Space wrap>
          {canEdit && (
            <>
              <Button icon={<SettingOutlined />} onClick={() => setDialog('scorecard')} data-testid="open-scorecard">
                评分卡
              </Button>
              <Button icon={<ReloadOutlined />} onClick={() => setDialog('recheck')} data-testid="open-recheck">
                重新质检
              </Button>
            </>
          )}
          <Button icon={<UnorderedListOutlined />} onClick={() => setDialog('samples')} data-testid="open-samples">
            抽检
          </Button>
          <CheckExport filter={() => ({ ...bar.filters, mode })} />
        </Space>
      </Space>
      {mode === 'call' ? (
        <Table<CallRow>
          rowKey="recordingId"
          size="middle"
          columns={callColumns(open)}
          scroll={{ x: 1200 }}
          {...list.tableProps}
          dataSource={rows.filter(isCallRow)}
          data-testid="check-table"
        />
      ) : (
        <Table<SeatRow>
          rowKey={(r) => r.ownerUserId ?? 0}
          size="middle"
          columns={seatColumns}
          {...list.tableProps}
          dataSource={rows.filter(isSeatRow)}
          expandable={{
            rowExpandable: (r) => r.ownerUserId !== null,
            expandedRowRender: (r) => <SeatCalls ownerUserId={r.ownerUserId!} filters={bar.filters} open={open} />,
          }}
          data-testid="seat-table"
        />
      )}
      <Drawer
        title={detail ? `通话质检 · ${detail.ownerName ?? ''} ${detail.callTime ?? ''}` : '通话质检'}
        size={1200}
        open={detail !== null}
        onClose={() => setDetail(null)}
        destroyOnHidden
      >
        {detail && <CallDetailView recordId={detail.recordingId} />}
      </Drawer>
      {dialog === 'scorecard' && <ScorecardModal onClose={() => setDialog(null)} />}
      <RecheckModal open={dialog === 'recheck'} onClose={() => setDialog(null)} />
      <Drawer title="人工抽检" size={1100} open={dialog === 'samples'} onClose={() => setDialog(null)} destroyOnHidden>
        <SamplesView canEdit={canEdit} onOpenCall={(recordingId) => setDetail({ recordingId })} />
      </Drawer>
    </Space>
  );
}
