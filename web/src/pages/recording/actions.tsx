import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import { Button, InputNumber, Modal, Space } from 'antd';
import { useState } from 'react';
import { useCallDownload, useCallMutation } from '../../api/hooks';
import { showError, ui } from '../../app/ui';
import { SearchSelect } from '../../components/SearchSelect';
import type { RecordingFilters } from './RecordingFilterBar';

/** The operations of the recording list: delete (asking first), bind to a salesperson or a lead, export. */

const c = contract.recording;

/** Deletes recordings after asking; `onRemoved` after success (the list refreshes itself). */
export function useRemoveRecordings(onRemoved: () => void) {
  const one = useCallMutation(c.remove, { success: '删除成功', invalidate: [c.list], onSuccess: onRemoved });
  const batch = useCallMutation(c.batchRemove, { success: '删除成功', invalidate: [c.list], onSuccess: onRemoved });
  return (ids: number[]) =>
    ui.modal.confirm({
      title: `确定删除选中的 ${ids.length} 条录音吗？`,
      content: '删除后录音文件与转写文本将一并删除，不可恢复。',
      okButtonProps: { danger: true },
      onOk: () => (ids.length === 1 ? one.mutate({ id: ids[0] }) : batch.mutate({ ids })),
    });
}

/** What the bind dialog binds: recordings to a salesperson, or to a lead. */
export interface BindTarget {
  kind: 'user' | 'clue';
  ids: number[];
}

/** The bind dialog: a salesperson to choose, or a lead id (left empty it unbinds, after asking). */
export function BindModal({
  target,
  userOptions,
  onClose,
}: {
  target: BindTarget;
  userOptions: { value: number; label: string }[];
  onClose: () => void;
}) {
  const [value, setValue] = useState<number | null>(null);
  const done = { invalidate: [c.list], onSuccess: onClose };
  const bindUser = useCallMutation(c.editBindUser, { success: '绑定成功', ...done });
  const bindClue = useCallMutation(c.bindClue, { success: '绑定成功', ...done });
  const unbindClue = useCallMutation(c.bindClue, { success: '已解除绑定', ...done });
  const { ids } = target;
  const save = () => {
    if (target.kind === 'user') {
      if (!value) showError('请选择员工');
      else bindUser.mutate({ ids, userId: value });
    } else if (!value)
      ui.modal.confirm({
        title: `确定解除 ${ids.length} 条录音与线索的绑定吗？`,
        content: '线索ID留空将解除绑定，该通话不再出现在线索的互动记录中。',
        okText: '解除绑定',
        cancelText: '取消',
        okButtonProps: { danger: true },
        onOk: () => unbindClue.mutate({ ids, clueId: null }),
      });
    else bindClue.mutate({ ids, clueId: value });
  };
  return (
    <Modal
      title={target.kind === 'user' ? `修改 ${ids.length} 条录音的归属员工` : `绑定 ${ids.length} 条录音到线索`}
      open
      onCancel={onClose}
      onOk={save}
      confirmLoading={bindUser.isPending || bindClue.isPending || unbindClue.isPending}
      okButtonProps={{ id: 'bind-ok' }}
    >
      {target.kind === 'user' ? (
        <SearchSelect
          style={{ width: '100%' }}
          placeholder="请选择员工"
          value={value ?? undefined}
          onChange={(v) => setValue(v)}
          options={userOptions}
        />
      ) : (
        <InputNumber
          style={{ width: '100%' }}
          min={1}
          placeholder="线索ID（留空为解除绑定）"
          value={value}
          onChange={(v) => setValue(v)}
          data-testid="bind-clue-id"
        />
      )}
    </Modal>
  );
}

export interface RecordingToolbarProps {
  /** The rows selected on the page shown: the batch operations and the export act on them. */
  selected: number[];
  /** The applied filters: the export takes them when nothing is selected. */
  filters: RecordingFilters;
  canAssign: boolean;
  canDelete: boolean;
  onUpload: () => void;
  onBind: (target: BindTarget) => void;
  onRemove: (ids: number[]) => void;
}

/** The toolbar above the list: upload, batch bind and delete, export (the selection, else the filtered list). */
export function RecordingToolbar({
  selected,
  filters,
  canAssign,
  canDelete,
  onUpload,
  onBind,
  onRemove,
}: RecordingToolbarProps) {
  const exporting = useCallDownload(c.export, { fileName: '录音列表.xlsx' });
  return (
    <Space>
      <Button type="primary" icon={<UploadOutlined />} onClick={onUpload} data-testid="open-upload">
        上传录音
      </Button>
      {canAssign && (
        <Button disabled={!selected.length} onClick={() => onBind({ kind: 'user', ids: selected })}>
          批量修改归属
        </Button>
      )}
      <Button disabled={!selected.length} onClick={() => onBind({ kind: 'clue', ids: selected })}>
        批量绑定线索
      </Button>
      {canDelete && (
        <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={() => onRemove(selected)}>
          批量删除
        </Button>
      )}
      <Button
        icon={<DownloadOutlined />}
        loading={exporting.isPending}
        onClick={() => {
          exporting.mutate({ ...filters, ...(selected.length ? { ids: selected } : {}) });
        }}
        data-testid="export-recordings"
      >
        {selected.length ? `导出选中（${selected.length}）` : '导出'}
      </Button>
    </Space>
  );
}
