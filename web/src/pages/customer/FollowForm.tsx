import { contract } from '@crm/core/contract';
import { Button, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import { useCallMutation } from '../../api/hooks';
import { SELECT_LIST_HEIGHT } from '../../components/SearchSelect';
import { LEAD_READS } from '../../features/lead/actions';
import { toOptions, validValues } from '../../features/lead/data';
import { useDictItems } from '../../features/lead/settings';

/** Write a follow-up: way, status, phase, next follow-up time and the text (addFollowRecord); the lead refreshes. */
export function FollowForm({ clueId, onSaved }: { clueId: number; onSaved?: () => void }) {
  const [form] = Form.useForm();
  const save = useCallMutation(contract.interaction.addFollow, {
    success: '跟进记录已保存',
    invalidate: LEAD_READS,
    onSuccess: () => {
      form.resetFields();
      onSaved?.();
    },
  });
  const ways = useDictItems('followWay');
  const statuses = useDictItems('followStatus');
  const phases = useDictItems('followPhase');
  const select = (name: string, label: string, options: { value: number; label: string }[]) => (
    <Col span={6}>
      <Form.Item name={name} label={label}>
        <Select
          allowClear
          placeholder="请选择"
          options={options}
          listHeight={SELECT_LIST_HEIGHT}
          data-testid={`follow-${name}`}
        />
      </Form.Item>
    </Col>
  );
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    save.mutate({
      clueId,
      content: v.content,
      followWayId: v.followWayId ?? null,
      followStatusId: v.followStatusId ?? null,
      followPhaseId: v.followPhaseId ?? null,
      ...(v.nextFollowTime ? { nextFollowTime: v.nextFollowTime.format('YYYY-MM-DD HH:mm:ss') } : {}),
    });
  };
  return (
    <Form form={form} layout="vertical" size="small" data-testid="follow-form">
      <Row gutter={12}>
        {select('followWayId', '跟进方式', toOptions(ways.data))}
        {select('followStatusId', '跟进状态', toOptions(statuses.data))}
        {select('followPhaseId', '跟进阶段', toOptions(phases.data))}
        <Col span={6}>
          <Form.Item name="nextFollowTime" label="下次跟进时间">
            <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} data-testid="follow-next" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="content"
        rules={[{ required: true, whitespace: true, message: '请输入跟进内容' }]}
        style={{ marginBottom: 20 }}
      >
        <Input.TextArea
          rows={3}
          maxLength={2000}
          showCount
          placeholder="记录本次跟进的情况"
          data-testid="follow-content"
        />
      </Form.Item>
      <div style={{ textAlign: 'right' }}>
        <Button type="primary" loading={save.isPending} onClick={submit} data-testid="follow-submit">
          保存跟进
        </Button>
      </div>
    </Form>
  );
}
