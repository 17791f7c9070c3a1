import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ASR_STATUS_COLOR, asrErrorText, NO_ENGINE_HINT, type RecordingItem } from '../../features/call/types';

export interface RecordingColumnsOptions {
  canDelete: boolean;
  /** Opens the call detail. */
  onOpen: (id: number) => void;
  onBindClue: (id: number) => void;
  onRemove: (id: number) => void;
}

/** The columns of the recording list, with the row's operations. */
export function recordingColumns({
  canDelete,
  onOpen,
  onBindClue,
  onRemove,
}: RecordingColumnsOptions): ColumnsType<RecordingItem> {
  return [
    {
      title: '文件名',
      dataIndex: 'fileName',
      width: 200,
      ellipsis: true,
      render: (v, r) => (
        <Typography.Link onClick={() => onOpen(r.id)} data-testid="open-detail">
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
    {
      title: '线索',
      dataIndex: 'clueName',
      width: 96,
      render: (v, r) => (r.clueId ? <Tag>{v ?? `#${r.clueId}`}</Tag> : '-'),
    },
    {
      title: '操作',
      width: 200,
      fixed: 'right',
      render: (_, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => onOpen(r.id)}>
            详情
          </Button>
          <Button type="link" size="small" onClick={() => onBindClue(r.id)}>
            绑定线索
          </Button>
          {canDelete && (
            <Button type="link" size="small" danger onClick={() => onRemove(r.id)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];
}
