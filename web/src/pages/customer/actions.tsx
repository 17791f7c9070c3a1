import { Input, Modal } from 'antd';
import { api, quietly } from '../../api/client';
import { showSuccess } from '../../app/ui';

type Done = () => void;

/** Asks, calls, tells: the confirmations of the lead operations. */
function confirmCall(
  title: string,
  content: string,
  path: string,
  body: object,
  ok: string,
  done: Done,
  danger = false,
) {
  Modal.confirm({
    title,
    content,
    okText: '确定',
    cancelText: '取消',
    okButtonProps: { danger },
    onOk: () =>
      quietly(async () => {
        await api.robot.post(path, body);
        showSuccess(ok);
        done();
      }),
  });
}

/** The lead operations of a list or a detail, each asking first. */
export const clueActions = {
  remove: (ids: number[], done: Done) =>
    confirmCall(
      `确定删除选中的 ${ids.length} 条数据吗？`,
      '删除后数据将移入回收站，可在回收站中还原。',
      '/organizationClue/delete',
      { clueIds: ids },
      '已移入回收站',
      done,
      true,
    ),
  lock: (ids: number[], lockStatus: 0 | 1, done: Done) =>
    confirmCall(
      lockStatus ? '确定锁定所选客户吗？' : '确定解锁所选客户吗？',
      lockStatus ? '锁定后不能删除或变更跟进人。' : '',
      '/organizationClue/lockClue',
      { clueIds: ids, lockStatus },
      lockStatus ? '已锁定' : '已解锁',
      done,
    ),
  turn: (ids: number[], done: Done) =>
    confirmCall(
      '确定将所选线索转为客户吗？',
      '',
      '/organizationClue/turnClueToCustomer',
      { clueIds: ids },
      '已转为客户',
      done,
    ),
  blacklist: (ids: number[], done: Done) => {
    let reason = '';
    Modal.confirm({
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
      onOk: () =>
        quietly(async () => {
          await api.robot.post('/organizationClue/setClueCustomBlackById', {
            clueIds: ids,
            black: 1,
            reason: reason || undefined,
          });
          showSuccess('已加入黑名单');
          done();
        }),
    });
  },
  unblack: (ids: number[], done: Done) =>
    confirmCall('确定移出黑名单吗？', '', '/clueReader/remove', { clueIds: ids }, '已移出黑名单', done),
  restore: (ids: number[], done: Done) =>
    confirmCall(
      `确定还原选中的 ${ids.length} 条数据吗？`,
      '',
      '/clueRecycleBin/restore',
      { clueIds: ids },
      '还原成功',
      done,
    ),
  purge: (ids: number[], done: Done) =>
    confirmCall(
      `确定彻底删除选中的 ${ids.length} 条数据吗？`,
      '彻底删除后不可恢复。',
      '/clueRecycleBin/delete',
      { clueIds: ids },
      '删除成功',
      done,
      true,
    ),
};
