import { contract } from '@crm/core/contract';
import { Form, Input, Modal } from 'antd';
import { useCallMutation } from '../api/hooks';
import { NewPasswordFields } from '../components/PasswordFields';

export default function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm();
  const change = useCallMutation(contract.account.changePassword, { success: '密码已修改', onSuccess: onClose });
  return (
    <Modal
      title="修改密码"
      open={open}
      onCancel={onClose}
      confirmLoading={change.isPending}
      destroyOnHidden
      okText="确定"
      cancelText="取消"
      onOk={() =>
        form.validateFields().then(
          (v) => change.mutate({ oldPassword: v.oldPassword, newPassword: v.newPassword }),
          () => {},
        )
      }
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
