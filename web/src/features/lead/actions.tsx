import { type Call, type CallInput, contract } from '@crm/core/contract';
import { Input } from 'antd';
import { useRef } from 'react';
import { useCallMutation } from '../../api/hooks';
import { ui } from '../../app/ui';

type Done = () => void;

/** A drawer over a lead list (recycle bin, blacklist) whose actions change leads: `onChanged` after each. */
export interface LeadDrawerProps {
  open: boolean;
  onClose: () => void;
  onChanged: () => void;
}

/** What a write to leads makes stale: the lists, the detail, the recycle bin, the blacklist and the logs. */
export const LEAD_READS: Call[] = [
  contract.clue.list,
  contract.clue.detail,
  contract.clue.neighbours,
  contract.clue.recycleBin,
  contract.clue.blacklist,
  contract.interaction.list,
  contract.interaction.fieldChangeLog,
];

/** What a claim, an assignment or a move into a pool changes: the pools' lists and the lead reads. */
export const POOL_READS: Call[] = [
  contract.organizationPublicsea.list,
  contract.organizationPublicsea.packageList,
  contract.publicSeaPool.list,
  ...LEAD_READS,
];

/** What moving leads into or out of the recycle bin makes stale (their detail is left alone: it is gone). */
const LIST_READS: Call[] = [contract.clue.list, contract.clue.recycleBin, contract.clue.blacklist];

/** A lead write that refreshes the lead reads and then runs the `done` given with the input. */
function useLeadWrite<C extends Call>(call: C, success: string, invalidate = LEAD_READS) {
  const done = useRef<Done>(() => {});
  const m = useCallMutation(call, { success, invalidate, onSuccess: () => done.current() });
  return (input: CallInput<C>, then?: Done) => {
    done.current = then ?? (() => {});
    m.mutate(input);
  };
}

/** Asks first; the call runs when the user confirms. */
function confirm(title: string, content: string, onOk: () => void, danger = false) {
  ui.modal.confirm({ title, content, okText: '确定', cancelText: '取消', okButtonProps: { danger }, onOk });
}

/** The lead operations of a list or a detail, each asking first; `done` runs after a success (the reads refresh). */
export function useClueActions() {
  const remove = useLeadWrite(contract.clue.delete, '已移入回收站', LIST_READS);
  const lock = useLeadWrite(contract.clue.lock, '已锁定');
  const unlock = useLeadWrite(contract.clue.lock, '已解锁');
  const turn = useLeadWrite(contract.clue.turnToCustomer, '已转为客户');
  const blacklist = useLeadWrite(contract.clue.setBlacklist, '已加入黑名单');
  const unblack = useLeadWrite(contract.clue.blacklistRemove, '已移出黑名单');
  const restore = useLeadWrite(contract.clue.restore, '还原成功', LIST_READS);
  const purge = useLeadWrite(contract.clue.purge, '删除成功', LIST_READS);
  return {
    remove: (ids: number[], done?: Done) =>
      confirm(
        `确定删除选中的 ${ids.length} 条数据吗？`,
        '删除后数据将移入回收站，可在回收站中还原。',
        () => remove({ clueIds: ids }, done),
        true,
      ),
    lock: (ids: number[], lockStatus: 0 | 1, done?: Done) =>
      confirm(
        lockStatus ? '确定锁定所选客户吗？' : '确定解锁所选客户吗？',
        lockStatus ? '锁定后不能删除或变更跟进人。' : '',
        () => (lockStatus ? lock : unlock)({ clueIds: ids, lockStatus }, done),
      ),
    turn: (ids: number[], done?: Done) => confirm('确定将所选线索转为客户吗？', '', () => turn({ clueIds: ids }, done)),
    blacklist: (ids: number[], done?: Done) => {
      let reason = '';
      ui.modal.confirm({
        title: `确定将 ${ids.length} 条数据加入黑名单吗？`,
        content: (
          <Input.TextArea
            rows={3}
            maxLength={200}
            placeholder="加入原因（选填）"
            onChange={(e) => {
              reason = e.target.value;
            }}
          />
        ),
        okButtonProps: { danger: true },
        onOk: () => blacklist({ clueIds: ids, black: 1, reason: reason || undefined }, done),
      });
    },
    unblack: (ids: number[], done?: Done) => confirm('确定移出黑名单吗？', '', () => unblack({ clueIds: ids }, done)),
    restore: (ids: number[], done?: Done) =>
      confirm(`确定还原选中的 ${ids.length} 条数据吗？`, '', () => restore({ clueIds: ids }, done)),
    purge: (ids: number[], done?: Done) =>
      confirm(
        `确定彻底删除选中的 ${ids.length} 条数据吗？`,
        '彻底删除后不可恢复。',
        () => purge({ clueIds: ids }, done),
        true,
      ),
  };
}
