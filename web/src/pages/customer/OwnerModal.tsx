import { Form, Modal } from 'antd';
import { useState } from 'react';
import { api, quietly } from '../../api/client';
import { showSuccess } from '../../app/ui';
import { SearchSelect } from '../../components/SearchSelect';
import { useBusy } from '../../components/useBusy';
import { useClueUsers, userOptions } from './data';

/** Change the follow-up person of leads (changeFollowUser). */
export function OwnerModal({
  ids,
  onClose,
  onDone,
}: {
  ids: number[] | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const users = useClueUsers();
  const [ownerId, setOwnerId] = useState<number>();
  const [saving, run] = useBusy();
  return (
    <Modal
      open={!!ids}
      title={`变更跟进人（${ids?.length ?? 0} 条）`}
      onCancel={onClose}
      okButtonProps={{ disabled: !ownerId }}
      confirmLoading={saving}
      onOk={() =>
        run(() =>
          quietly(async () => {
            await api.robot.post('/organizationClue/changeFollowUser', { clueIds: ids, ownerId });
            showSuccess('变更成功');
            onDone();
          }),
        )
      }
      // the next opening starts without a person chosen
      afterOpenChange={(o) => !o && setOwnerId(undefined)}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="新跟进人" required>
          <SearchSelect options={userOptions(users.data)} value={ownerId} onChange={setOwnerId} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
