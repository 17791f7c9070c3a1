import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import { ExampleKindName } from '@crm/core/contract/training';
import { Button, DatePicker, Form, Input, InputNumber, Radio, Select, Space, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallMutation } from '../../api/hooks';
import { showSuccess } from '../../app/ui';
import { FormModal } from '../../components/FormModal';
import { useDeptTree, useUserOptions } from './people';

/** 'mm:ss' or seconds → milliseconds; undefined when blank. */
export function parseClock(text: string | undefined): number | undefined {
  const v = text?.trim();
  if (!v) return undefined;
  const m = v.match(/^(?:(\d+):)?(\d{1,2}):(\d{2})$/);
  if (m) return ((Number(m[1] ?? 0) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000;
  return /^\d+$/.test(v) ? Number(v) * 1000 : Number.NaN;
}
export const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

interface MomentValue {
  at?: string;
  segment?: number | null;
  note?: string;
}
interface Values {
  kind?: 1 | 2;
  note?: string;
  moments?: MomentValue[];
  scriptId?: number;
  scriptName?: string;
  title?: string;
  userIds?: number[];
  deptIds?: number[];
  deadline?: Dayjs;
}

/**
 * Marks a call as an example (好案例 / 反面案例, the moments to study) and, when people or departments are chosen,
 * assigns it to them with a deadline; without a call, assigns a practice script by its id and name.
 */
export function AssignModal({
  recordingId,
  initial,
  onClose,
}: {
  /** The call; none: a practice script is assigned. */
  recordingId?: number;
  initial?: { kind?: number; note?: string | null; moments?: { startMs?: number; segment?: number; note?: string }[] };
  onClose: () => void;
}) {
  const depts = useDeptTree();
  const people = useUserOptions(true);
  const invalidate = [contract.training.callTrainPage, contract.training.examplePage, contract.training.completion];
  const assign = useCallMutation(contract.training.rpcAddCallTrainLog, {
    invalidate,
    onSuccess: (r) => {
      showSuccess(r.count ? `已指派给 ${r.count} 人` : '所选人员都已有这项未完成的培训');
      onClose();
    },
  });
  const mark = useCallMutation(contract.training.markExample, {
    success: '已设为培训案例',
    invalidate,
    onSuccess: onClose,
  });
  const submit = (v: Values) => {
    const moments = (v.moments ?? []).map((m) => ({
      startMs: parseClock(m.at),
      segment: m.segment ?? undefined,
      note: m.note,
    }));
    const to = { userIds: v.userIds ?? [], deptIds: v.deptIds ?? [] };
    const deadline = v.deadline?.format('YYYY-MM-DD HH:mm:ss') ?? '';
    if (!recordingId)
      return assign.mutate({ scriptId: v.scriptId, scriptName: v.scriptName, title: v.title, ...to, deadline });
    const example = { recordingId, kind: v.kind ?? 1, note: v.note, moments };
    if (!to.userIds.length && !to.deptIds.length) return mark.mutate(example);
    assign.mutate({ ...example, title: v.title, ...to, deadline });
  };
  return (
    <FormModal<Values>
      title={recordingId ? '设为培训案例 / 指派培训' : '指派陪练剧本'}
      width={640}
      loading={assign.isPending || mark.isPending}
      onClose={onClose}
      onSubmit={submit}
      initialValues={{
        kind: initial?.kind ?? 1,
        note: initial?.note ?? undefined,
        moments: (initial?.moments ?? []).map((m) => ({
          at: m.startMs !== undefined ? clock(m.startMs) : undefined,
          segment: m.segment,
          note: m.note,
        })),
        deadline: dayjs().add(7, 'day').endOf('day'),
      }}
    >
      {recordingId ? (
        <>
          <Form.Item name="kind" label="案例类型">
            <Radio.Group
              options={Object.entries(ExampleKindName).map(([value, label]) => ({ value: Number(value), label }))}
            />
          </Form.Item>
          <Form.Item name="note" label="案例说明">
            <Input.TextArea rows={2} maxLength={500} showCount placeholder="这通电话好在哪里、问题在哪里" />
          </Form.Item>
          <Form.Item label="标记时刻（时间点 分:秒 或句子序号）">
            <Form.List name="moments">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((f) => (
                    <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                      <Form.Item
                        name={[f.name, 'at']}
                        rules={[
                          {
                            validator: (_, v) =>
                              Number.isNaN(parseClock(v))
                                ? Promise.reject(new Error('时间点格式为 分:秒'))
                                : Promise.resolve(),
                          },
                        ]}
                      >
                        <Input placeholder="01:25" style={{ width: 90 }} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'segment']}>
                        <InputNumber min={0} precision={0} placeholder="句子序号" style={{ width: 100 }} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'note']}>
                        <Input maxLength={200} placeholder="这一刻学什么" style={{ width: 260 }} />
                      </Form.Item>
                      <MinusCircleOutlined onClick={() => remove(f.name)} />
                    </Space>
                  ))}
                  {fields.length < 20 && (
                    <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
                      添加时刻
                    </Button>
                  )}
                </>
              )}
            </Form.List>
          </Form.Item>
        </>
      ) : (
        <Space.Compact block>
          <Form.Item name="scriptId" label="剧本 ID" rules={[{ required: true, message: '请输入剧本 ID' }]}>
            <InputNumber min={1} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item
            name="scriptName"
            label="剧本名称"
            style={{ flex: 1, marginLeft: 12 }}
            rules={[{ required: true, whitespace: true, message: '请输入剧本名称' }]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Space.Compact>
      )}
      <Form.Item name="title" label="培训标题">
        <Input maxLength={100} placeholder="不填则按案例或剧本命名" />
      </Form.Item>
      <Form.Item name="userIds" label="指派给人员">
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          loading={people.loading}
          options={people.options}
          placeholder={recordingId ? '不选人员与部门则只设为案例' : '选择人员'}
          data-testid="train-users"
        />
      </Form.Item>
      <Form.Item name="deptIds" label="指派给部门（含下级部门的人员）">
        <TreeSelect multiple allowClear treeDefaultExpandAll treeData={depts.tree} loading={depts.loading} />
      </Form.Item>
      <Form.Item name="deadline" label="截止时间" rules={[{ required: true, message: '请选择截止时间' }]}>
        <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
