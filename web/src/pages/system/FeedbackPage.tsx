import { contract } from '@crm/core/contract';
import { FeedbackStatusName, FeedbackTypeName } from '@crm/core/contract/feedback';
import { Badge, Button, Descriptions, Drawer, Form, Input, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { type RowOf, useCallMutation, useCallPage } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { AddButton } from '../../components/AddButton';
import { DateRangePicker } from '../../components/DateRangePicker';
import { FilterBar, KeywordInput } from '../../components/FilterBar';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';
import { useDraftFilters } from '../../components/useDraftFilters';

const STATUS_BADGE = { 1: 'warning', 2: 'processing', 3: 'success' } as const;
const opts = (m: Record<number, string>) =>
  Object.entries(m).map(([value, label]) => ({ value: Number(value), label }));

type FeedbackRow = RowOf<typeof contract.feedback.list>;

interface Filters extends Record<string, unknown> {
  type?: number;
  status?: number;
  keyword?: string;
  startTime?: string;
  endTime?: string;
}

function SubmitModal({ onClose }: { onClose: () => void }) {
  const save = useCallMutation(contract.feedback.save, {
    success: '感谢您的反馈，我们会尽快处理',
    invalidate: [contract.feedback.list],
    onSuccess: onClose,
  });
  return (
    <FormModal
      title="提交反馈"
      okText="提交"
      loading={save.isPending}
      onClose={onClose}
      onSubmit={(v) => save.mutate({ ...v, images: [] })}
      initialValues={{ type: 1 }}
    >
      <Form.Item name="type" label="反馈类型" rules={[{ required: true, message: '请选择反馈类型' }]}>
        <Select options={opts(FeedbackTypeName)} />
      </Form.Item>
      <Form.Item
        name="content"
        label="反馈内容"
        rules={[{ required: true, whitespace: true, message: '请输入反馈内容' }]}
      >
        <Input.TextArea rows={5} maxLength={2000} showCount placeholder="请描述您遇到的问题或建议" />
      </Form.Item>
      <Form.Item name="contact" label="联系方式">
        <Input maxLength={100} placeholder="手机号、微信或邮箱（选填）" />
      </Form.Item>
    </FormModal>
  );
}

function DetailDrawer({ row, canReply, onClose }: { row: FeedbackRow; canReply: boolean; onClose: () => void }) {
  const [form] = Form.useForm();
  const reply = useCallMutation(contract.feedback.reply, {
    success: '已回复',
    invalidate: [contract.feedback.list],
    onSuccess: onClose,
  });
  return (
    <Drawer open size={560} title="反馈详情" onClose={onClose} destroyOnHidden>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="反馈人">{row.realName || row.username || '-'}</Descriptions.Item>
        <Descriptions.Item label="类型">{row.typeName}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Badge status={STATUS_BADGE[row.status as keyof typeof STATUS_BADGE]} text={row.statusName} />
        </Descriptions.Item>
        <Descriptions.Item label="提交时间">{row.createdAt}</Descriptions.Item>
        <Descriptions.Item label="联系方式">{row.contact || '-'}</Descriptions.Item>
        <Descriptions.Item label="内容">
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{row.content}</Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label="回复">
          {row.reply ? `${row.reply}（${row.replyUserName ?? ''} ${row.repliedAt ?? ''}）` : '-'}
        </Descriptions.Item>
      </Descriptions>
      {canReply && (
        <Form
          form={form}
          layout="vertical"
          style={{ marginTop: 16 }}
          initialValues={{ status: 3 }}
          onFinish={(v) => reply.mutate({ id: row.id, ...v })}
        >
          <Form.Item
            name="reply"
            label="回复内容"
            rules={[{ required: true, whitespace: true, message: '请输入回复内容' }]}
          >
            <Input.TextArea rows={4} maxLength={2000} showCount />
          </Form.Item>
          <Form.Item name="status" label="处理状态">
            <Select options={opts(FeedbackStatusName)} style={{ width: 160 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={reply.isPending}>
            提交回复
          </Button>
        </Form>
      )}
    </Drawer>
  );
}

/** /feedback: everyone submits and sees their own feedback; holders of log:view see all, of feedback:edit reply. */
export default function FeedbackPage() {
  const canReply = useHasSign('feedback:edit');
  const isAdmin = useHasSign('log:view') || canReply;
  const bar = useDraftFilters<Filters & { date?: string | null }, Filters>(
    () => list.pager.reset(),
    ({ date: _date, ...rest }) => ({ ...rest, keyword: rest.keyword?.trim() || undefined }),
  );
  const { draft, patch, filters } = bar;
  const [submitting, setSubmitting] = useState(false);
  const [detail, setDetail] = useState<FeedbackRow | null>(null);
  const list = useCallPage(contract.feedback.list, filters, 'feedback');
  const choice = (key: 'type' | 'status', placeholder: string, names: Record<number, string>) => (
    <Select
      allowClear
      placeholder={placeholder}
      style={{ width: 120 }}
      value={draft[key]}
      onChange={(v) => patch({ [key]: v })}
      options={opts(names)}
    />
  );
  const columns: ColumnsType<FeedbackRow> = [
    { title: '提交时间', dataIndex: 'createdAt', width: 180 },
    ...(isAdmin
      ? [
          {
            title: '反馈人',
            dataIndex: 'realName',
            width: 120,
            render: (v: string | null, r: FeedbackRow) => v || r.username || '-',
          },
        ]
      : []),
    { title: '类型', dataIndex: 'typeName', width: 100 },
    { title: '内容', dataIndex: 'content', ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (v: keyof typeof STATUS_BADGE, r) => <Badge status={STATUS_BADGE[v]} text={r.statusName} />,
    },
    { title: '回复', dataIndex: 'reply', ellipsis: true, render: (v) => v || '-' },
    {
      title: '操作',
      key: 'op',
      width: 100,
      render: (_, r) => (
        <LinkButton onClick={() => setDetail(r)}>{canReply && r.status !== 3 ? '处理' : '详情'}</LinkButton>
      ),
    },
  ];
  return (
    <div className="page-card">
      <FilterBar onSearch={bar.search} extra={<AddButton onClick={() => setSubmitting(true)}>提交反馈</AddButton>}>
        {choice('type', '类型', FeedbackTypeName)}
        {choice('status', '状态', FeedbackStatusName)}
        <KeywordInput of={bar} placeholder="内容关键词" width={180} />
        <DateRangePicker
          disabledFuture
          value={draft.date}
          onChange={(date, range) => patch({ date, startTime: range?.[0], endTime: range?.[1] })}
        />
      </FilterBar>
      <Table<FeedbackRow> rowKey="id" size="middle" columns={columns} {...list.tableProps} />
      {submitting && <SubmitModal onClose={() => setSubmitting(false)} />}
      {detail && <DetailDrawer row={detail} canReply={canReply} onClose={() => setDetail(null)} />}
    </div>
  );
}
