import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { Page } from '@crm/core';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Descriptions, Drawer, Form, Input, Modal, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { api } from '../../api/client';
import { useHasSign } from '../../app/session';
import { showSuccess } from '../../app/ui';
import { DateRangePicker } from '../../components/DateRangePicker';
import { LinkButton } from '../../components/LinkButton';
import { usePagedQuery } from '../../components/usePagedQuery';

export const FEEDBACK_TYPES = { 1: '功能建议', 2: '系统问题', 3: '使用咨询', 4: '其他' } as const;
export const FEEDBACK_STATUS = { 1: '待处理', 2: '处理中', 3: '已处理' } as const;
const STATUS_BADGE = { 1: 'warning', 2: 'processing', 3: 'success' } as const;
const opts = (m: Record<number, string>) =>
  Object.entries(m).map(([value, label]) => ({ value: Number(value), label }));

interface FeedbackRow {
  id: number;
  type: 1 | 2 | 3 | 4;
  typeName: string;
  content: string;
  images: string[];
  contact: string | null;
  status: 1 | 2 | 3;
  statusName: string;
  userId: number;
  username: string | null;
  realName: string | null;
  reply: string | null;
  replyUserName: string | null;
  repliedAt: string | null;
  createdAt: string;
}

interface Filters extends Record<string, unknown> {
  type?: number;
  status?: number;
  keyword?: string;
  startTime?: string;
  endTime?: string;
}

function SubmitModal({ onClose }: { onClose: (saved: boolean) => void }) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open
      title="提交反馈"
      okText="提交"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
      onCancel={() => onClose(false)}
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        setSaving(true);
        try {
          await api.backend.post('/problemFeedback/save', { ...v, images: [] });
          showSuccess('感谢您的反馈，我们会尽快处理');
          onClose(true);
        } catch {
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ type: 1 }}>
        <Form.Item name="type" label="反馈类型" rules={[{ required: true, message: '请选择反馈类型' }]}>
          <Select options={opts(FEEDBACK_TYPES)} />
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
      </Form>
    </Modal>
  );
}

function DetailDrawer({
  row,
  canReply,
  onClose,
}: {
  row: FeedbackRow;
  canReply: boolean;
  onClose: (saved: boolean) => void;
}) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  return (
    <Drawer open size={560} title="反馈详情" onClose={() => onClose(false)} destroyOnHidden>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="反馈人">{row.realName || row.username || '-'}</Descriptions.Item>
        <Descriptions.Item label="类型">{row.typeName}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Badge status={STATUS_BADGE[row.status]} text={row.statusName} />
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
          onFinish={async (v) => {
            setSaving(true);
            try {
              await api.backend.post('/problemFeedback/reply', { id: row.id, ...v });
              showSuccess('已回复');
              onClose(true);
            } catch {
            } finally {
              setSaving(false);
            }
          }}
        >
          <Form.Item
            name="reply"
            label="回复内容"
            rules={[{ required: true, whitespace: true, message: '请输入回复内容' }]}
          >
            <Input.TextArea rows={4} maxLength={2000} showCount />
          </Form.Item>
          <Form.Item name="status" label="处理状态">
            <Select options={opts(FEEDBACK_STATUS)} style={{ width: 160 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            提交回复
          </Button>
        </Form>
      )}
    </Drawer>
  );
}

/** /feedback: everyone submits and sees their own feedback; holders of log:view see all and reply. */
export default function FeedbackPage() {
  const qc = useQueryClient();
  const isAdmin = useHasSign('log:view');
  const [draft, setDraft] = useState<Filters & { date?: string | null }>({});
  const [filters, setFilters] = useState<Filters>({});
  const [submitting, setSubmitting] = useState(false);
  const [detail, setDetail] = useState<FeedbackRow | null>(null);
  const list = usePagedQuery<FeedbackRow, Filters>('feedback', filters, (q) =>
    api.backend.post<Page<FeedbackRow>>('/problemFeedback/list', q),
  );
  const refresh = () => qc.invalidateQueries({ queryKey: ['feedback'] });
  const search = () => {
    list.pager.reset();
    const { date: _date, ...rest } = draft;
    setFilters({ ...rest, keyword: rest.keyword?.trim() || undefined });
  };
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
      render: (v: 1 | 2 | 3, r) => <Badge status={STATUS_BADGE[v]} text={r.statusName} />,
    },
    { title: '回复', dataIndex: 'reply', ellipsis: true, render: (v) => v || '-' },
    {
      title: '操作',
      key: 'op',
      width: 100,
      render: (_, r) => (
        <LinkButton onClick={() => setDetail(r)}>{isAdmin && r.status !== 3 ? '处理' : '详情'}</LinkButton>
      ),
    },
  ];
  return (
    <div className="page-card">
      <Space wrap className="page-filters" style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Select
            allowClear
            placeholder="类型"
            style={{ width: 120 }}
            value={draft.type}
            onChange={(v) => setDraft({ ...draft, type: v })}
            options={opts(FEEDBACK_TYPES)}
          />
          <Select
            allowClear
            placeholder="状态"
            style={{ width: 120 }}
            value={draft.status}
            onChange={(v) => setDraft({ ...draft, status: v })}
            options={opts(FEEDBACK_STATUS)}
          />
          <Input
            allowClear
            placeholder="内容关键词"
            style={{ width: 180 }}
            value={draft.keyword}
            onChange={(e) => setDraft({ ...draft, keyword: e.target.value })}
            onPressEnter={search}
          />
          <DateRangePicker
            disabledFuture
            value={draft.date}
            onChange={(date, range) => setDraft({ ...draft, date, startTime: range?.[0], endTime: range?.[1] })}
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            查询
          </Button>
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setSubmitting(true)}>
          提交反馈
        </Button>
      </Space>
      <Table<FeedbackRow> rowKey="id" size="middle" columns={columns} {...list.tableProps} />
      {submitting && (
        <SubmitModal
          onClose={(saved) => {
            setSubmitting(false);
            if (saved) void refresh();
          }}
        />
      )}
      {detail && (
        <DetailDrawer
          row={detail}
          canReply={isAdmin}
          onClose={(saved) => {
            setDetail(null);
            if (saved) void refresh();
          }}
        />
      )}
    </div>
  );
}
