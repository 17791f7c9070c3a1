import { CallStatus, CustomerSeaType } from '@crm/core';
import { contract } from '@crm/core/contract';
import { Form, Input, Radio, Select } from 'antd';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { FormModal } from '../../components/FormModal';
import { opts } from './options';

const t = contract.telephony;

/** A call task from the lead list (a filter, or all the leads in the data scope) or from a pool package. */
interface TaskForm {
  name: string;
  seatUserIds: number[];
  source: 'filter' | 'all' | 'pool';
  poolId?: number;
  seaTypes?: number[];
  callStatus?: number[];
  type?: 1 | 2;
  ownerIds?: number[];
  remark?: string;
}

export function TaskModal({ onClose }: { onClose: () => void }) {
  const users = useCallQuery(contract.clue.users, undefined);
  const add = useCallMutation(t.taskAdd, { success: '外呼任务已创建', invalidate: [t.taskList], onSuccess: onClose });
  const people = (users.data ?? []).map((u) => ({ value: u.userId, label: u.realName }));
  return (
    <FormModal<TaskForm>
      title="新建外呼任务"
      loading={add.isPending}
      onClose={onClose}
      initialValues={{ source: 'filter', callStatus: [1] }}
      onSubmit={(v) =>
        add.mutate({
          name: v.name,
          seatUserIds: v.seatUserIds,
          remark: v.remark,
          ...(v.source === 'pool'
            ? { poolId: v.poolId, seaTypes: v.seaTypes?.length ? v.seaTypes : undefined }
            : {
                filter:
                  v.source === 'all'
                    ? {}
                    : {
                        callStatus: v.callStatus?.length ? v.callStatus : undefined,
                        type: v.type,
                        ownerIds: v.ownerIds,
                      },
              }),
        })
      }
    >
      <Form.Item name="name" label="任务名称" rules={[{ required: true, whitespace: true, message: '请输入任务名称' }]}>
        <Input maxLength={50} placeholder="如：11 月试听课邀约" />
      </Form.Item>
      <Form.Item name="seatUserIds" label="外呼坐席" rules={[{ required: true, message: '请选择坐席' }]}>
        <Select mode="multiple" options={people} placeholder="选择执行任务的坐席" optionFilterProp="label" />
      </Form.Item>
      <Form.Item name="source" label="客户范围">
        <Radio.Group
          options={[
            { value: 'filter', label: '按条件筛选' },
            { value: 'all', label: '数据权限内全部客户' },
            { value: 'pool', label: '公海客户包' },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.source !== b.source}>
        {({ getFieldValue }) => getFieldValue('source') === 'pool' && <PoolPackageItems />}
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.source !== b.source}>
        {({ getFieldValue }) =>
          getFieldValue('source') === 'filter' && (
            <>
              <Form.Item name="type" label="客户类型">
                <Select
                  allowClear
                  options={[
                    { value: 1, label: '线索' },
                    { value: 2, label: '客户' },
                  ]}
                />
              </Form.Item>
              <Form.Item name="callStatus" label="通话状态">
                <Select mode="multiple" options={opts({ 1: CallStatus[1], 2: CallStatus[2], 3: CallStatus[3] })} />
              </Form.Item>
              <Form.Item name="ownerIds" label="跟进人">
                <Select mode="multiple" options={people} optionFilterProp="label" />
              </Form.Item>
            </>
          )
        }
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </FormModal>
  );
}

/** The pool package: a pool (with its lead counts by sea type) and the sea types to take. */
function PoolPackageItems() {
  const packages = useCallQuery(contract.organizationPublicsea.packageList, undefined);
  return (
    <>
      <Form.Item name="poolId" label="公海" rules={[{ required: true, message: '请选择公海' }]}>
        <Select
          loading={packages.isLoading}
          placeholder="选择公海客户包"
          notFoundContent="暂无数据"
          data-testid="task-pool"
          options={(packages.data ?? []).map((p) => ({
            value: p.poolId,
            label: `${p.poolName}（${p.total} 个客户，未拨打 ${p.notDialled}）`,
          }))}
        />
      </Form.Item>
      <Form.Item name="seaTypes" label="公海类型" extra="不选则为该公海的全部客户">
        <Select mode="multiple" allowClear options={opts(CustomerSeaType)} />
      </Form.Item>
    </>
  );
}
