import { contract } from '@crm/core/contract';
import { SAMPLE_MODES, SampleModeName } from '@crm/core/contract/qualityReview';
import { Form, Input, InputNumber, Progress, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useUserOptions } from '../../api/directory';
import { type RowOf, useCallMutation, useCallPage } from '../../api/hooks';
import { AddButton } from '../../components/AddButton';
import { DateRangePicker } from '../../components/DateRangePicker';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';

const r = contract.qualityReview;
type Sample = RowOf<typeof r.sampleList>;
type SampleCall = RowOf<typeof r.sampleCalls>;

interface SampleValues {
  name: string;
  date?: { text: string; range: [string, string] };
  mode: 'random' | 'rule';
  percent?: number;
  maxScore?: number;
  reviewerIds?: number[];
}

/** 新建抽样: a share of each seat's calls of a range (random), or the calls under a score (rule). */
function SampleModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<SampleValues>();
  const mode = Form.useWatch('mode', form);
  const users = useUserOptions();
  const create = useCallMutation(r.createSample, {
    success: '抽样已创建',
    invalidate: [r.sampleList],
    onSuccess: onClose,
  });
  return (
    <FormModal<SampleValues>
      title="新建抽样"
      form={form}
      loading={create.isPending}
      initialValues={{ mode: 'random', percent: 5, maxScore: 60 }}
      onClose={onClose}
      onSubmit={(v) =>
        create.mutate({
          name: v.name,
          startTime: v.date?.range[0],
          endTime: v.date?.range[1],
          mode: v.mode,
          percent: v.mode === 'random' ? v.percent : undefined,
          maxScore: v.mode === 'rule' ? v.maxScore : undefined,
          reviewerIds: v.reviewerIds ?? [],
        } as never)
      }
    >
      <Form.Item name="name" label="抽样名称" rules={[{ required: true, whitespace: true, message: '请输入抽样名称' }]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item
        name="date"
        label="通话时间"
        rules={[{ required: true, message: '请选择通话时间' }]}
        getValueProps={(v?: SampleValues['date']) => ({ value: v?.text ?? null })}
        getValueFromEvent={(text: string | null, range: [string, string] | null) =>
          text && range ? { text, range } : undefined
        }
      >
        <DateRangePicker disabledFuture style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="mode" label="抽样方式">
        <Radio.Group options={SAMPLE_MODES.map((m) => ({ value: m, label: SampleModeName[m] }))} />
      </Form.Item>
      {mode === 'rule' ? (
        <Form.Item name="maxScore" label="机器分低于" extra="不合格的通话总会被抽中">
          <InputNumber min={0} max={100} precision={0} suffix="分" style={{ width: 160 }} />
        </Form.Item>
      ) : (
        <Form.Item name="percent" label="每个坐席抽样比例" rules={[{ required: true, message: '请输入抽样比例' }]}>
          <InputNumber min={1} max={100} precision={0} suffix="%" style={{ width: 160 }} />
        </Form.Item>
      )}
      <Form.Item name="reviewerIds" label="复核人">
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={(users.data ?? []).map((u) => ({ value: u.id, label: u.realName || u.username }))}
        />
      </Form.Item>
    </FormModal>
  );
}

/** The calls of one sample, with their machine score and review state; a call opens for review. */
function SampleCalls({ sampleId, onOpenCall }: { sampleId: number; onOpenCall: (recordingId: number) => void }) {
  const [reviewState, setReviewState] = useState<1 | 2 | undefined>(undefined);
  const list = useCallPage(r.sampleCalls, { id: sampleId, reviewState }, 'sampleCalls');
  const columns: ColumnsType<SampleCall> = [
    { title: '通话时间', dataIndex: 'callTime', width: 160, render: (v) => v ?? '-' },
    { title: '坐席', dataIndex: 'ownerName', width: 90, render: (v) => v ?? '-' },
    { title: '机器分', dataIndex: 'machineScore', width: 80, render: (v) => v ?? '-' },
    {
      title: '复核',
      dataIndex: 'reviewed',
      width: 140,
      render: (v: boolean, c) => (v ? <Tag color="green">已复核 {c.reviewScore} 分</Tag> : <Tag>未复核</Tag>),
    },
    { title: '申诉', dataIndex: 'appealStatusName', width: 90, render: (v) => v ?? '-' },
    {
      title: '操作',
      key: 'op',
      width: 80,
      render: (_, c) => (
        <LinkButton onClick={() => onOpenCall(c.recordingId)}>{c.reviewed ? '查看' : '去复核'}</LinkButton>
      ),
    },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Radio.Group
        size="small"
        value={reviewState ?? 0}
        onChange={(e) => setReviewState(e.target.value || undefined)}
        options={[
          { value: 0, label: '全部' },
          { value: 1, label: '未复核' },
          { value: 2, label: '已复核' },
        ]}
        optionType="button"
      />
      <Table<SampleCall> rowKey="recordingId" size="small" columns={columns} {...list.tableProps} />
    </Space>
  );
}

/** 抽检: the samples drawn for human review with their progress; a sample's row opens its calls. */
export function SamplesView({ canEdit, onOpenCall }: { canEdit: boolean; onOpenCall: (recordingId: number) => void }) {
  const [creating, setCreating] = useState(false);
  const list = useCallPage(r.sampleList, {}, 'sampleList');
  const columns: ColumnsType<Sample> = [
    { title: '抽样名称', dataIndex: 'name', width: 160 },
    {
      title: '方式',
      dataIndex: 'modeName',
      width: 150,
      render: (v: string, s) => `${v}${s.mode === 'random' ? `（${s.percent}%）` : `（低于 ${s.maxScore ?? '-'} 分）`}`,
    },
    {
      title: '通话时间',
      key: 'range',
      width: 200,
      render: (_, s) => `${s.startTime?.slice(0, 10) ?? ''} 至 ${s.endTime?.slice(0, 10) ?? ''}`,
    },
    { title: '复核人', dataIndex: 'reviewerNames', width: 140, render: (v: string[]) => v.join('、') || '-' },
    {
      title: '复核进度',
      dataIndex: 'progress',
      width: 180,
      render: (p: number, s) => <Progress size="small" percent={p} format={() => `${s.reviewed}/${s.total}`} />,
    },
    { title: '创建人', dataIndex: 'createdByName', width: 90, render: (v) => v ?? '-' },
    { title: '创建时间', dataIndex: 'createdAt', width: 160, render: (v) => v ?? '-' },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="samples-view">
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">按比例随机抽取各坐席通话，或按分数抽取低分通话，供人工复核。</Typography.Text>
        {canEdit && (
          <AddButton onClick={() => setCreating(true)} data-testid="add-sample">
            新建抽样
          </AddButton>
        )}
      </Space>
      <Table<Sample>
        rowKey="id"
        size="middle"
        columns={columns}
        {...list.tableProps}
        expandable={{ expandedRowRender: (s) => <SampleCalls sampleId={s.id} onOpenCall={onOpenCall} /> }}
      />
      {creating && <SampleModal onClose={() => setCreating(false)} />}
    </Space>
  );
}
