import { contract } from '@crm/core/contract';
import { Drawer, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { useUserOptions } from '../../api/directory';
import { useCallPage } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { useDraftFilters } from '../../components/useDraftFilters';
import { CallDetailView } from '../../features/call/CallDetailView';
import { isPending, type RecordingItem } from '../../features/call/types';
import { BindModal, type BindTarget, RecordingToolbar, useRemoveRecordings } from './actions';
import { recordingColumns } from './columns';
import { RecordingFilterBar, type RecordingFilters } from './RecordingFilterBar';
import { UploadPanel } from './UploadPanel';

const c = contract.recording;

/** /recordingFileManage: upload recordings, list with filters, bind to a salesperson or a lead, delete, export. */
export default function RecordingFileManage() {
  const users = useUserOptions();
  const canDelete = useHasSign('recording:delete');
  const canAssign = useHasSign('recording:assign');
  const [selected, setSelected] = useState<number[]>([]);
  // A new search, a reset or another page: the selection (rows no longer shown) is dropped, so that the batch
  // operations and the export never act on rows the user cannot see.
  const { draft, setDraft, filters, search, reset } = useDraftFilters<RecordingFilters>(() => {
    list.pager.reset();
    setSelected([]);
  });
  const [uploading, setUploading] = useState(false);
  const [detail, setDetail] = useState<number | null>(null);
  const [bind, setBind] = useState<BindTarget | null>(null);
  // While a transcription or analysis is queued or running, the list refreshes itself.
  const list = useCallPage(c.list, filters, 'recordingFileManage', {
    refetchInterval: (rows) => (rows.some(isPending) ? 3000 : false),
  });
  const remove = useRemoveRecordings(() => setSelected([]));
  const userOptions = (users.data ?? []).map((u) => ({ value: u.id, label: u.realName || u.username }));
  const columns = recordingColumns({
    canDelete,
    onOpen: setDetail,
    onBindClue: (id) => setBind({ kind: 'clue', ids: [id] }),
    onRemove: (id) => remove([id]),
  });
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%', padding: 16 }}>
      <RecordingFilterBar
        value={draft}
        onChange={setDraft}
        onSearch={search}
        onReset={reset}
        userOptions={userOptions}
      />
      <RecordingToolbar
        selected={selected}
        filters={filters}
        canAssign={canAssign}
        canDelete={canDelete}
        onUpload={() => setUploading(true)}
        onBind={setBind}
        onRemove={remove}
      />
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
      {bind && <BindModal target={bind} userOptions={userOptions} onClose={() => setBind(null)} />}
      <Drawer title="通话详情" size={1100} open={detail !== null} onClose={() => setDetail(null)} destroyOnHidden>
        {detail !== null && <CallDetailView recordId={detail} />}
      </Drawer>
    </Space>
  );
}
