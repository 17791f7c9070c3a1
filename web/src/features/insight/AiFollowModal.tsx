import { contract } from '@crm/core/contract';
import { Alert, DatePicker, Form, Input, Modal, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { LEAD_READS } from '../lead/actions';

/**
 * 写跟进 with AI: the draft written from one call's analysis, edited here and saved as a follow-up record of the
 * call's customer.
 */
export function AiFollowModal({ recordingId, onClose }: { recordingId: number | null; onClose: () => void }) {
  const [form] = Form.useForm<{ content: string; nextFollowTime?: dayjs.Dayjs | null }>();
  const draft = useCallQuery(
    contract.insight.remarkGenerate,
    { recordingId: recordingId ?? 0 },
    {
      enabled: !!recordingId,
    },
  );
  useEffect(() => {
    if (draft.data)
      form.setFieldsValue({
        content: draft.data.content,
        nextFollowTime: draft.data.nextFollowTime ? dayjs(draft.data.nextFollowTime) : null,
      });
  }, [draft.data, form]);
  const save = useCallMutation(contract.insight.remarkSave, {
    success: '跟进记录已保存',
    invalidate: LEAD_READS,
    onSuccess: () => {
      form.resetFields();
      onClose();
    },
  });
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !recordingId) return;
    save.mutate({
      recordingId,
      content: v.content,
      nextFollowTime: v.nextFollowTime ? v.nextFollowTime.format('YYYY-MM-DD HH:mm:ss') : null,
    });
  };
  return (
    <Modal
      open={!!recordingId}
      title="AI 写跟进"
      okText="保存为跟进记录"
      cancelText="取消"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={640}
      destroyOnHidden
    >
      <Spin spinning={draft.isLoading}>
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title="根据本通通话的 AI 分析生成，请核对修改后保存" />
        <Form form={form} layout="vertical" data-testid="ai-follow-form">
          <Form.Item
            name="content"
            label="跟进内容"
            rules={[{ required: true, whitespace: true, message: '请输入跟进内容' }]}
          >
            <Input.TextArea rows={9} maxLength={2000} showCount data-testid="ai-follow-content" />
          </Form.Item>
          <Form.Item name="nextFollowTime" label="下次跟进时间">
            <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
