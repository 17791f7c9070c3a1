import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { api } from '../api/client';
import { showSuccess } from '../app/ui';
import { NewPasswordFields } from '../components/PasswordFields';

export default function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      title="修改密码"
      open={open}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      okText="确定"
      cancelText="取消"
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        setSaving(true);
        try {
          await api.backend.post('/loginController/changePassword', {
            oldPassword: v.oldPassword,
            newPassword: v.newPassword,
          });
          showSuccess('密码已修改');
          onClose();
        } catch {
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields name="newPassword" label="新密码" />
      </Form>
    </Modal>
  );
}
