import { contract } from '@crm/core/contract';
import { Button, List, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { SearchSelect } from '../../components/SearchSelect';
import { LEAD_READS } from '../../features/lead/actions';
import { useClueUsers, userOptions } from '../../features/lead/data';

const c = contract.interaction;

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
  const list = useCallQuery(c.collaborators, { clueId: clueId ?? 0 }, { enabled: !!clueId });
  const changed = () => {
    setAdding([]);
    onChanged?.();
  };
  const invalidate = [c.collaborators, ...LEAD_READS];
  const add = useCallMutation(c.addCollaborators, { success: '添加成功', invalidate, onSuccess: changed });
  const remove = useCallMutation(c.removeCollaborators, { success: '已移除', invalidate, onSuccess: changed });
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
        <Button
          type="primary"
          disabled={!adding.length}
          loading={add.isPending || remove.isPending}
          onClick={() => clueId && add.mutate({ clueId, userIds: adding })}
        >
          添加
        </Button>
      </Space.Compact>
      <List
        loading={list.isLoading}
        dataSource={list.data ?? []}
        renderItem={(u) => (
          <List.Item
            actions={[
              <Popconfirm
                key="rm"
                title={`确定移除协作人「${u.userName}」吗？`}
                okText="移除"
                cancelText="取消"
                okButtonProps={{ danger: true }}
                onConfirm={() => clueId && remove.mutate({ clueId, userIds: [u.userId] })}
              >
                <Button type="link" danger size="small">
                  移除
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta title={u.userName} description={`${u.deptName || ''} · 添加于 ${u.createdAt}`} />
          </List.Item>
        )}
      />
    </Modal>
  );
}
