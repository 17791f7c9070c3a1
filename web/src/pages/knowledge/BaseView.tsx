import { UploadOutlined } from '@ant-design/icons';
import { type CallAnswer, contract } from '@crm/core/contract';
import { KNOWLEDGE_FILE_LIMIT_MB, KnowledgeKindName, knowledgeFileTypeOk } from '@crm/core/contract/knowledge';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Drawer, Form, Input, List, Progress, Select, Table, Tag, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { api } from '../../api/client';
import { keyOf, type RowOf, useCallMutation, useCallPage, useCallQuery } from '../../api/hooks';
import { showError, showSuccess } from '../../app/ui';
import { AddButton } from '../../components/AddButton';
import { DeleteLink } from '../../components/DeleteLink';
import { FilterBar, KeywordInput } from '../../components/FilterBar';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';
import { useDraftFilters } from '../../components/useDraftFilters';

const k = contract.knowledge;
type Row = RowOf<typeof k.list>;
const STATUS_BADGE = { 1: 'processing', 2: 'success', 3: 'error' } as const;
const TYPED = Object.entries(KnowledgeKindName)
  .filter(([v]) => v !== '5')
  .map(([value, label]) => ({ value: Number(value), label }));

function EntryModal({ base, row, onClose }: { base: 1 | 2; row: Row | null; onClose: () => void }) {
  const opts = { success: '已保存', invalidate: [k.list], onSuccess: onClose };
  const save = useCallMutation(k.save, opts);
  const update = useCallMutation(k.update, opts);
  const isDoc = row?.kind === 5;
  return (
    <FormModal
      title={row ? '编辑知识' : '新增知识'}
      width={640}
      loading={save.isPending || update.isPending}
      onClose={onClose}
      initialValues={row ? { kind: row.kind, title: row.title, content: row.content } : { kind: 1 }}
      onSubmit={(v: { kind: 1 | 2 | 3 | 4; title: string; content: string }) =>
        row ? update.mutate(isDoc ? { id: row.id, title: v.title } : { id: row.id, ...v }) : save.mutate({ base, ...v })
      }
    >
      {!isDoc && (
        <Form.Item name="kind" label="类型" rules={[{ required: true, message: '请选择类型' }]}>
          <Select options={TYPED} />
        </Form.Item>
      )}
      <Form.Item
        name="title"
        label="标题（问答填问题）"
        rules={[{ required: true, whitespace: true, message: '请输入标题' }]}
      >
        <Input maxLength={100} showCount />
      </Form.Item>
      {!isDoc && (
        <Form.Item name="content" label="内容" rules={[{ required: true, whitespace: true, message: '请输入内容' }]}>
          <Input.TextArea rows={8} maxLength={5000} showCount />
        </Form.Item>
      )}
    </FormModal>
  );
}

function UploadButton({ base }: { base: 1 | 2 }) {
  const [percent, setPercent] = useState<number | null>(null);
  const qc = useQueryClient();
  const upload = useMutation({
    mutationFn: (form: FormData) =>
      api[k.upload.base].upload<CallAnswer<typeof k.upload>>(k.upload.path, form, { onProgress: setPercent }),
    onSuccess: () => {
      showSuccess('已上传，正在解析');
      qc.invalidateQueries({ queryKey: keyOf(k.list) });
    },
    onSettled: () => setPercent(null),
    onError: () => {},
  });
  return (
    <span data-testid="knowledge-upload">
      <Upload
        accept=".docx,.pdf,.txt,.md,.xlsx"
        showUploadList={false}
        beforeUpload={(file) => {
          if (!knowledgeFileTypeOk(file.name)) {
            showError('仅支持 .docx、.pdf、.txt、.md、.xlsx 文件');
            return Upload.LIST_IGNORE;
          }
          if (file.size > KNOWLEDGE_FILE_LIMIT_MB * 1024 * 1024) {
            showError(`文档不能超过 ${KNOWLEDGE_FILE_LIMIT_MB} MB`);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file }) => {
          const form = new FormData();
          form.append('base', String(base));
          form.append('file', file as File);
          setPercent(0);
          upload.mutate(form);
        }}
      >
        <Button icon={<UploadOutlined />} loading={upload.isPending}>
          上传文档
        </Button>
      </Upload>
      {percent !== null && <Progress percent={percent} size="small" style={{ width: 160, marginLeft: 8 }} />}
    </span>
  );
}

function DetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useCallQuery(k.detail, { id });
  const d = detail.data;
  return (
    <Drawer open size={640} title={d?.title ?? '知识详情'} onClose={onClose} destroyOnHidden loading={detail.isLoading}>
      {d && (
        <List
          header={`${d.kindName}${d.fileName ? ` · ${d.fileName}` : ''} · ${d.passageCount} 个段落`}
          dataSource={d.passages}
          locale={{ emptyText: '暂无数据' }}
          renderItem={(p) => (
            <List.Item>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                <Tag>#{p.seq}</Tag>
                {p.page ? <Tag color="blue">第 {p.page} 页</Tag> : null}
                {p.text}
              </Typography.Paragraph>
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}

interface Filters extends Record<string, unknown> {
  kind?: number;
  keyword?: string;
}

/** The entries of one base: typed entries and uploaded documents (parse progress polled while any is 解析中). */
export function BaseView({ base, canEdit }: { base: 1 | 2; canEdit: boolean }) {
  const bar = useDraftFilters<Filters, Filters>(
    () => list.pager.reset(),
    (f) => ({ ...f, keyword: f.keyword?.trim() || undefined }),
  );
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [detail, setDetail] = useState<number | null>(null);
  const list = useCallPage(k.list, { ...bar.filters, base }, `knowledge-${base}`, {
    refetchInterval: (rows) => (rows.some((r) => r.status === 1) ? 1500 : false),
  });
  const remove = useCallMutation(k.delete, { invalidate: [k.list] });
  const columns: ColumnsType<Row> = [
    {
      title: '标题',
      dataIndex: 'title',
      ellipsis: true,
      render: (v: string, r) => <LinkButton onClick={() => setDetail(r.id)}>{v}</LinkButton>,
    },
    { title: '类型', dataIndex: 'kindName', width: 100 },
    {
      title: '内容',
      dataIndex: 'content',
      ellipsis: true,
      render: (v: string, r) => (r.kind === 5 ? r.fileName : v),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 150,
      render: (v: keyof typeof STATUS_BADGE, r) =>
        v === 1 ? (
          <Progress percent={r.progress} size="small" status="active" />
        ) : (
          <Badge status={STATUS_BADGE[v]} text={v === 3 ? `${r.statusName}：${r.error ?? ''}` : r.statusName} />
        ),
    },
    { title: '段落', dataIndex: 'passageCount', width: 70 },
    { title: '维护人', dataIndex: 'ownerName', width: 100, render: (v) => v || '-' },
    { title: '更新时间', dataIndex: 'updatedAt', width: 170 },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'op',
            width: 120,
            render: (_: unknown, r: Row) => (
              <>
                <LinkButton onClick={() => setEditing(r)}>编辑</LinkButton>
                <DeleteLink
                  title="删除这条知识？"
                  description={r.kind === 5 ? '文档及其全部段落将被删除，不能恢复' : '删除后不能恢复'}
                  success="已删除"
                  onDelete={() => remove.mutateAsync({ id: r.id })}
                />
              </>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <FilterBar
        onSearch={bar.search}
        extra={
          canEdit && (
            <>
              <UploadButton base={base} />
              <AddButton onClick={() => setEditing('new')}>新增知识</AddButton>
            </>
          )
        }
      >
        <Select
          allowClear
          placeholder="类型"
          style={{ width: 120 }}
          value={bar.draft.kind}
          onChange={(v) => bar.patch({ kind: v })}
          options={Object.entries(KnowledgeKindName).map(([value, label]) => ({ value: Number(value), label }))}
        />
        <KeywordInput of={bar} placeholder="标题或内容" width={200} />
      </FilterBar>
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={columns}
        {...list.tableProps}
        data-testid={`knowledge-list-${base}`}
      />
      {editing && <EntryModal base={base} row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {detail && <DetailDrawer id={detail} onClose={() => setDetail(null)} />}
    </>
  );
}
