import { DeleteOutlined, DownloadOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import {
  AnalysisStatusLabel,
  AsrStatusLabel,
  CallType,
  DURATION_LEVELS,
  options,
  type Page,
  RecordingSource,
} from '@crm/core';
import { Button, Drawer, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { api, quietly } from '../../api/client';
import { useHasSign } from '../../app/session';
import { showError, showSuccess, ui } from '../../app/ui';
import { DateRangePicker } from '../../components/DateRangePicker';
import { SearchSelect } from '../../components/SearchSelect';
import { useBusy } from '../../components/useBusy';
import { usePagedQuery } from '../../components/usePagedQuery';

import { useUserOptions } from '../system/data';
import { CallDetailView } from './CallDetailView';
import { ASR_STATUS_COLOR, asrErrorText, NO_ENGINE_HINT, type RecordingItem } from './types';
import { UploadPanel } from './UploadPanel';

interface Filters extends Record<string, unknown> {
  source?: number[];
  callType?: number[];
  ownerUserIds?: number[];
  clueId?: number;
  phone?: string;
  fileName?: string;
  dateRange?: string;
  durationLevel?: number;
  asrStatus?: number[];
  analysisStatus?: number[];
}

/** /recordingFileManage: upload recordings, list with filters, bind to a salesperson or a lead, delete, export. */
export default function RecordingFileManage() {
  const users = useUserOptions();
  const canDelete = useHasSign('recording:delete');
  const canAssign = useHasSign('recording:assign');
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [uploading, setUploading] = useState(false);
  const [detail, setDetail] = useState<number | null>(null);
  const [bind, setBind] = useState<{ kind: 'user' | 'clue'; ids: number[] } | null>(null);
  const [bindValue, setBindValue] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const [binding, runBind] = useBusy();
  const list = usePagedQuery<RecordingItem, Filters>('recordingFileManage', filters, (q) =>
    api.robot.post<Page<RecordingItem>>('/recording/v1/pagelist', q),
  );
  // While a transcription or analysis is queued or running, the list refreshes itself.
  const pending = (list.data?.lists ?? []).some((r) => r.asrStatus <= 2 || r.metricsStatus <= 2);
  useEffect(() => {
    if (!pending) return;
    const t = setInterval(() => list.refetch(), 3000);
    return () => clearInterval(t);
  }, [pending, list.refetch]);
  // A new search, a reset or another page: the selection (rows no longer shown) is dropped, so that the batch
  // operations and the export never act on rows the user cannot see.
  const search = () => {
    list.pager.reset();
    setSelected([]);
    setFilters({ ...draft });
  };
  const reset = () => {
    list.pager.reset();
    setSelected([]);
    setDraft({});
    setFilters({});
  };
  const userOptions = (users.data ?? []).map((u) => ({ value: u.id, label: u.realName || u.username }));
  const remove = (ids: number[]) =>
    Modal.confirm({
      title: `确定删除选中的 ${ids.length} 条录音吗？`,
      content: '删除后录音文件与转写文本将一并删除，不可恢复。',
      okButtonProps: { danger: true },
      onOk: () =>
        quietly(async () => {
          await (ids.length === 1
            ? api.backend.post('/headset/deleteRecordingUpload', { id: ids[0] })
            : api.backend.post('/headset/batchDeleteRecordingUpload', { ids }));
          showSuccess('删除成功');
          setSelected([]);
          list.refetch();
        }),
    });
  const openBind = (kind: 'user' | 'clue', ids: number[]) => {
    setBindValue(null);
    setBind({ kind, ids });
  };
  const closeBind = () => {
    setBind(null);
    setBindValue(null);
  };
  const doBind = (b: NonNullable<typeof bind>, value: number | null) =>
    runBind(() =>
      quietly(async () => {
        if (b.kind === 'user') await api.backend.post('/headset/editBindUserIdByIds', { ids: b.ids, userId: value });
        else await api.backend.post('/headset/bindClue', { ids: b.ids, clueId: value });
        showSuccess(b.kind === 'clue' && !value ? '已解除绑定' : '绑定成功');
        closeBind();
        list.refetch();
      }),
    );
  const saveBind = () => {
    if (!bind) return;
    if (bind.kind === 'user' && !bindValue) showError('请选择员工');
    else if (bind.kind === 'clue' && !bindValue)
      ui.modal.confirm({
        title: `确定解除 ${bind.ids.length} 条录音与线索的绑定吗？`,
        content: '线索ID留空将解除绑定，该通话不再出现在线索的互动记录中。',
        okText: '解除绑定',
        cancelText: '取消',
        okButtonProps: { danger: true },
        onOk: () => doBind(bind, null),
      });
    else void doBind(bind, bindValue);
  };
  const columns: ColumnsType<RecordingItem> = [
    {
      title: '文件名',
      dataIndex: 'fileName',
      width: 200,
      ellipsis: true,
      render: (v, r) => (
        <Typography.Link onClick={() => setDetail(r.id)} data-testid="open-detail">
          {v}
        </Typography.Link>
      ),
    },
    { title: '通话时间', dataIndex: 'callTime', width: 160 },
    { title: '时长', dataIndex: 'durationText', width: 84 },
    {
      title: '转写状态',
      dataIndex: 'asrStatus',
      width: 150,
      render: (v, r) => (
        <Tooltip title={r.asrStatus === 4 ? asrErrorText(r.asrError) : r.asrStatus === 5 ? NO_ENGINE_HINT : undefined}>
          <Tag color={ASR_STATUS_COLOR[v]}>{r.asrStatusName}</Tag>
        </Tooltip>
      ),
    },
    {
      title: '销售占比',
      dataIndex: 'talkRatio',
      width: 84,
      render: (v) => (v == null ? '-' : `${Math.round(v * 100)}%`),
    },
    { title: '录音来源', dataIndex: 'sourceName', width: 90 },
    { title: '通话类型', dataIndex: 'callTypeName', width: 84 },
    { title: '归属员工', dataIndex: 'ownerName', width: 96, render: (v) => v ?? '-' },
    { title: '号码', dataIndex: 'phone', width: 120, render: (v) => v ?? '-' },
    { title: '线索', dataIndex: 'clueId', width: 76, render: (v) => (v ? <Tag>#{v}</Tag> : '-') },
    {
      title: '操作',
      width: 200,
      fixed: 'right',
      render: (_, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setDetail(r.id)}>
            详情
          </Button>
          <Button type="link" size="small" onClick={() => openBind('clue', [r.id])}>
            绑定线索
          </Button>
          {canDelete && (
            <Button type="link" size="small" danger onClick={() => remove([r.id])}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%', padding: 16 }}>
      <Form layout="inline" style={{ rowGap: 8 }}>
        <Form.Item label="文件名">
          <Input
            allowClear
            style={{ width: 150 }}
            value={draft.fileName}
            onChange={(e) => setDraft({ ...draft, fileName: e.target.value || undefined })}
          />
        </Form.Item>
        <Form.Item label="号码">
          <Input
            allowClear
            style={{ width: 130 }}
            value={draft.phone}
            onChange={(e) => setDraft({ ...draft, phone: e.target.value || undefined })}
          />
        </Form.Item>
        <Form.Item label="录音来源">
          <Select
            mode="multiple"
            allowClear
            style={{ width: 160 }}
            maxTagCount={1}
            value={draft.source}
            onChange={(v) => setDraft({ ...draft, source: v })}
            options={options(RecordingSource)}
          />
        </Form.Item>
        <Form.Item label="通话类型">
          <Select
            mode="multiple"
            allowClear
            style={{ width: 140 }}
            maxTagCount={1}
            value={draft.callType}
            onChange={(v) => setDraft({ ...draft, callType: v })}
            options={options(CallType)}
          />
        </Form.Item>
        <Form.Item label="归属员工">
          <SearchSelect
            mode="multiple"
            allowClear
            style={{ width: 160 }}
            maxTagCount={1}
            value={draft.ownerUserIds}
            onChange={(v) => setDraft({ ...draft, ownerUserIds: v })}
            options={userOptions}
          />
        </Form.Item>
        <Form.Item label="通话时间">
          <DateRangePicker
            value={draft.dateRange ?? null}
            onChange={(v) => setDraft({ ...draft, dateRange: v ?? undefined })}
          />
        </Form.Item>
        <Form.Item label="时长">
          <Select
            allowClear
            style={{ width: 120 }}
            value={draft.durationLevel}
            onChange={(v) => setDraft({ ...draft, durationLevel: v })}
            options={DURATION_LEVELS.map((l) => ({ value: l.value, label: l.label }))}
          />
        </Form.Item>
        <Form.Item label="转写状态">
          <Select
            mode="multiple"
            allowClear
            style={{ width: 150 }}
            maxTagCount={1}
            value={draft.asrStatus}
            onChange={(v) => setDraft({ ...draft, asrStatus: v })}
            options={options(AsrStatusLabel)}
          />
        </Form.Item>
        <Form.Item label="分析状态">
          <Select
            mode="multiple"
            allowClear
            style={{ width: 130 }}
            maxTagCount={1}
            value={draft.analysisStatus}
            onChange={(v) => setDraft({ ...draft, analysisStatus: v })}
            options={options(AnalysisStatusLabel)}
          />
        </Form.Item>
        <Form.Item label="线索ID">
          <InputNumber
            min={1}
            style={{ width: 100 }}
            value={draft.clueId}
            onChange={(v) => setDraft({ ...draft, clueId: v ?? undefined })}
          />
        </Form.Item>
        <Button type="primary" icon={<SearchOutlined />} onClick={search}>
          查询
        </Button>
        <Button onClick={reset}>重置</Button>
      </Form>
      <Space>
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)} data-testid="open-upload">
          上传录音
        </Button>
        {canAssign && (
          <Button disabled={!selected.length} onClick={() => openBind('user', selected)}>
            批量修改归属
          </Button>
        )}
        <Button disabled={!selected.length} onClick={() => openBind('clue', selected)}>
          批量绑定线索
        </Button>
        {canDelete && (
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={() => remove(selected)}>
            批量删除
          </Button>
        )}
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={async () => {
            setExporting(true);
            try {
              await quietly(() =>
                api.robot.download(
                  '/recording/v1/export',
                  { ...filters, ...(selected.length ? { ids: selected } : {}) },
                  { fileName: '录音列表.xlsx' },
                ),
              );
            } finally {
              setExporting(false);
            }
          }}
          data-testid="export-recordings"
        >
          {selected.length ? `导出选中（${selected.length}）` : '导出'}
        </Button>
      </Space>
      <Table<RecordingItem>
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        {...list.tableProps}
        onChange={() => setSelected([])}
      />
      <Modal
        title="上传录音"
        open={uploading}
        footer={null}
        width={640}
        onCancel={() => setUploading(false)}
        destroyOnHidden
      >
        <UploadPanel onDone={() => list.refetch()} />
      </Modal>
      <Modal
        title={
          bind?.kind === 'user'
            ? `修改 ${bind.ids.length} 条录音的归属员工`
            : `绑定 ${bind?.ids.length ?? 0} 条录音到线索`
        }
        open={!!bind}
        onCancel={closeBind}
        onOk={saveBind}
        confirmLoading={binding}
        okButtonProps={{ id: 'bind-ok' }}
      >
        {bind?.kind === 'user' ? (
          <SearchSelect
            style={{ width: '100%' }}
            placeholder="请选择员工"
            value={bindValue ?? undefined}
            onChange={(v) => setBindValue(v)}
            options={userOptions}
          />
        ) : (
          <InputNumber
            style={{ width: '100%' }}
            min={1}
            placeholder="线索ID（留空为解除绑定）"
            value={bindValue}
            onChange={(v) => setBindValue(v)}
            data-testid="bind-clue-id"
          />
        )}
      </Modal>
      <Drawer title="通话详情" size={1100} open={detail !== null} onClose={() => setDetail(null)} destroyOnHidden>
        {detail !== null && <CallDetailView recordId={detail} />}
      </Drawer>
    </Space>
  );
}
