import { contract } from '@crm/core/contract';
import { GuidanceStatusName, GuideTypeName } from '@crm/core/contract/guidance';
import { Descriptions, Drawer, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { type RowOf, useCallPage, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { DateRangePicker } from '../../components/DateRangePicker';
import { FilterBar } from '../../components/FilterBar';
import { LinkButton } from '../../components/LinkButton';
import { useDraftFilters } from '../../components/useDraftFilters';
import { GuidanceCards, SopSteps, Transcript } from '../../features/guidance/GuidancePanel';

const G = contract.aiGuidance;
type Row = RowOf<typeof G.pagelist>;
interface Filters extends Record<string, unknown> {
  guideType?: number;
  status?: number;
  startTime?: string;
  endTime?: string;
}

const opts = (m: Record<number, string>) =>
  Object.entries(m).map(([value, label]) => ({ value: Number(value), label }));

function Detail({ sessionId }: { sessionId: number }) {
  const q = useCallQuery(G.detail, { sessionId });
  const d = q.data;
  if (!d) return <Typography.Text type="secondary">加载中…</Typography.Text>;
  return (
    <div data-testid="guide-record-detail">
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label="指导人">{d.userName}</Descriptions.Item>
        <Descriptions.Item label="类型">{d.guideTypeName}</Descriptions.Item>
        <Descriptions.Item label="状态">{d.statusName}</Descriptions.Item>
        <Descriptions.Item label="开始">{d.startedAt}</Descriptions.Item>
        <Descriptions.Item label="结束">{d.endedAt ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="关联通话">{d.callId ? `#${d.callId}` : '-'}</Descriptions.Item>
        <Descriptions.Item label="卡片">{d.cardCount}</Descriptions.Item>
        <Descriptions.Item label="已采用">{d.usedCount}</Descriptions.Item>
        <Descriptions.Item label="预警">{d.warningCount}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        SOP 进度
      </Typography.Title>
      <SopSteps sop={d.sop} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        转写
      </Typography.Title>
      <Transcript
        lines={d.sentences.map((s) => ({ key: String(s.id), speaker: s.speaker, text: s.text, partial: false }))}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        指导卡片
      </Typography.Title>
      <GuidanceCards cards={d.cards} />
    </div>
  );
}

/** /guideRecord (指导记录): guidance sessions with their transcript, cards shown and used, warnings, linked call. */
export default function GuideRecordPage() {
  const others = useHasSign('guidance:view');
  const bar = useDraftFilters<Filters & { date?: string | null }, Filters>(
    () => list.pager.reset(),
    ({ date: _date, ...rest }) => rest,
  );
  const { draft, patch, filters } = bar;
  const [open, setOpen] = useState<number | null>(null);
  const list = useCallPage(G.pagelist, filters, 'guideRecord');
  const columns: ColumnsType<Row> = [
    { title: '开始时间', dataIndex: 'startedAt', width: 170 },
    ...(others ? [{ title: '指导人', dataIndex: 'userName', width: 100 }] : []),
    { title: '类型', dataIndex: 'guideTypeName', width: 120 },
    { title: '主题', dataIndex: 'title', render: (v: string | null) => v ?? '-' },
    { title: '时长', dataIndex: 'durationSeconds', width: 90, render: (v: number) => `${Math.ceil(v / 60)} 分钟` },
    { title: '语句', dataIndex: 'sentenceCount', width: 70 },
    { title: '卡片', dataIndex: 'cardCount', width: 70 },
    { title: '已采用', dataIndex: 'usedCount', width: 80 },
    { title: '预警', dataIndex: 'warningCount', width: 70 },
    { title: '状态', dataIndex: 'statusName', width: 90 },
    {
      title: '操作',
      key: 'op',
      width: 80,
      render: (_, r) => <LinkButton onClick={() => setOpen(r.id)}>详情</LinkButton>,
    },
  ];
  return (
    <div>
      <FilterBar onSearch={bar.search} onReset={bar.reset}>
        <Select
          allowClear
          placeholder="指导类型"
          style={{ width: 150 }}
          value={draft.guideType}
          onChange={(v) => patch({ guideType: v })}
          options={opts(GuideTypeName)}
        />
        <Select
          allowClear
          placeholder="状态"
          style={{ width: 120 }}
          value={draft.status}
          onChange={(v) => patch({ status: v })}
          options={opts(GuidanceStatusName)}
        />
        <DateRangePicker
          disabledFuture
          value={draft.date}
          onChange={(date, range) => patch({ date, startTime: range?.[0], endTime: range?.[1] })}
        />
      </FilterBar>
      <Table<Row> rowKey="id" size="middle" columns={columns} {...list.tableProps} locale={{ emptyText: '暂无数据' }} />
      <Drawer open={open !== null} size={860} title="指导记录详情" onClose={() => setOpen(null)} destroyOnHidden>
        {open !== null && <Detail sessionId={open} />}
      </Drawer>
    </div>
  );
}
