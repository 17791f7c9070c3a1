import { contract } from '@crm/core/contract';
import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useCallMutation } from '../../api/hooks';
import { SearchSelect } from '../../components/SearchSelect';
import { LEAD_READS } from '../../features/lead/actions';
import { useClueUsers, userOptions } from '../../features/lead/data';

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
  const change = useCallMutation(contract.clue.changeOwner, {
    success: '变更成功',
    invalidate: LEAD_READS,
    onSuccess: onDone,
  });
  return (
    <Modal
      open={!!ids}
      title={`变更跟进人（${ids?.length ?? 0} 条）`}
      onCancel={onClose}
      okButtonProps={{ disabled: !ownerId }}
      confirmLoading={change.isPending}
      onOk={() => ids && ownerId && change.mutate({ clueIds: ids, ownerId })}
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
