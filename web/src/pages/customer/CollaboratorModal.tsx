import { useQuery } from '@tanstack/react-query';
import { Button, List, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { api, quietly } from '../../api/client';
import { showSuccess } from '../../app/ui';
import { SearchSelect } from '../../components/SearchSelect';
import { useBusy } from '../../components/useBusy';
import { useClueUsers, userOptions } from './data';

interface Collaborator {
  id: number;
  userId: number;
  userName: string;
  deptName: string;
  createdAt: string;
}

/** The collaborators of a lead: list, add, remove. */
export function CollaboratorModal({
  clueId,
  onClose,
  onChanged,
}: {
  clueId: number | null;
  onClose: () => void;
  onChanged?: () => void;
}) {
  const users = useClueUsers();
  const [adding, setAdding] = useState<number[]>([]);
  const [saving, run] = useBusy();
  const list = useQuery({
    queryKey: ['clue', 'collaborators', clueId],
    enabled: !!clueId,
    queryFn: () => api.robot.post<Collaborator[]>('/clue/collaborator/list', { clueId }),
  });
  const change = (action: 'add' | 'delete', userIds: number[]) => run(() => quietly(() => doChange(action, userIds)));
  const doChange = async (action: 'add' | 'delete', userIds: number[]) => {
    await api.robot.post(`/clue/collaborator/${action}`, { clueId, userIds });
    showSuccess(action === 'add' ? '添加成功' : '已移除');
    setAdding([]);
    await list.refetch();
    onChanged?.();
  };
  return (
    <Modal
      open={!!clueId}
      title="协作人"
      footer={null}
      onCancel={onClose}
      // the next opening (maybe of another lead) starts with nobody chosen
      afterOpenChange={(o) => !o && setAdding([])}
      destroyOnHidden
    >
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <SearchSelect
          mode="multiple"
          style={{ flex: 1 }}
          placeholder="选择要添加的协作人"
          options={userOptions(users.data)}
          value={adding}
          onChange={setAdding}
        />
        <Button type="primary" disabled={!adding.length} loading={saving} onClick={() => change('add', adding)}>
          添加
        </Button>
      </Space.Compact>
      <List
        loading={list.isLoading}
        dataSource={list.data ?? []}
        renderItem={(c) => (
          <List.Item
            actions={[
              <Popconfirm
                key="rm"
                title={`确定移除协作人「${c.userName}」吗？`}
                okText="移除"
                cancelText="取消"
                okButtonProps={{ danger: true }}
                onConfirm={() => change('delete', [c.userId])}
              >
                <Button type="link" danger size="small">
                  移除
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta title={c.userName} description={`${c.deptName || ''} · 添加于 ${c.createdAt}`} />
          </List.Item>
        )}
      />
    </Modal>
  );
}
