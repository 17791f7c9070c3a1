import { contract } from '@crm/core/contract';
import { REMINDER_SIGNALS, type ReminderSetting, ReminderSignalName } from '@crm/core/contract/insight';
import { Button, Card, Checkbox, Form, InputNumber, Radio, Space, Spin, Switch, TimePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';

type FormValues = Omit<ReminderSetting, 'quietStart' | 'quietEnd'> & { quiet: [dayjs.Dayjs, dayjs.Dayjs] };

/** /main/aiReminderSettings AI 提醒设置: which signals, thresholds, who is reminded, quiet hours. */
export default function ReminderSettingsPage() {
  const [form] = Form.useForm<FormValues>();
  const q = useCallQuery(contract.insight.getReminderSetting, undefined);
  const canEdit = useHasSign('insight:edit');
  const save = useCallMutation(contract.insight.saveReminderSetting, {
    success: '提醒设置已保存',
    invalidate: [contract.insight.getReminderSetting],
  });
  useEffect(() => {
    if (!q.data) return;
    const { quietStart, quietEnd, ...rest } = q.data;
    form.setFieldsValue({ ...rest, quiet: [dayjs(quietStart, 'HH:mm'), dayjs(quietEnd, 'HH:mm')] });
  }, [q.data, form]);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const { quiet, ...rest } = v;
    save.mutate({ ...rest, quietStart: quiet[0].format('HH:mm'), quietEnd: quiet[1].format('HH:mm') });
  };
  return (
    <div className="page-card">
      <Spin spinning={q.isLoading}>
        <Card title="AI 提醒设置" style={{ maxWidth: 760 }}>
          <Form form={form} layout="vertical" disabled={!canEdit} data-testid="reminder-settings">
            <Form.Item name="signals" label="提醒哪些商机信号">
              <Checkbox.Group options={REMINDER_SIGNALS.map((s) => ({ value: s, label: ReminderSignalName[s] }))} />
            </Form.Item>
            <Space size={24} wrap>
              <Form.Item
                name="noFollowHours"
                label="强意向客户多久未跟进时提醒（小时）"
                rules={[{ required: true, message: '请输入未跟进时长' }]}
              >
                <InputNumber min={1} max={720} precision={0} style={{ width: 160 }} />
              </Form.Item>
              <Form.Item
                name="churnRiseMin"
                label="流失风险比上一通升高多少时提醒"
                rules={[{ required: true, message: '请输入流失风险上升幅度' }]}
              >
                <InputNumber min={1} max={100} precision={0} style={{ width: 160 }} />
              </Form.Item>
            </Space>
            <Form.Item name="remindWho" label="提醒谁">
              <Radio.Group
                options={[
                  { value: 1, label: '客户的跟进人' },
                  { value: 2, label: '跟进人及其上级' },
                ]}
              />
            </Form.Item>
            <Space size={24} align="start" wrap>
              <Form.Item name="quietEnabled" label="免打扰" valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item
                name="quiet"
                label="免打扰时段（期间的提醒在结束后送达）"
                rules={[{ required: true, message: '请选择免打扰时段' }]}
              >
                <TimePicker.RangePicker format="HH:mm" order={false} />
              </Form.Item>
            </Space>
            {canEdit ? (
              <Button type="primary" loading={save.isPending} onClick={submit} data-testid="reminder-settings-save">
                保存
              </Button>
            ) : (
              <Typography.Text type="secondary">只有拥有「话题与 AI 提醒设置」权限的用户可以修改</Typography.Text>
            )}
          </Form>
        </Card>
      </Spin>
    </div>
  );
}
