import { account as accountCalls } from '@crm/core/contract/account';
import { Form, Input } from 'antd';
import { useCallMutation } from '../api/hooks';
import { FormModal } from '../components/FormModal';
import { NewPasswordFields } from '../components/PasswordFields';

export default function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const change = useCallMutation(accountCalls.changePassword, { success: '密码已修改', onSuccess: onClose });
  return (
    <FormModal
      title="修改密码"
      open={open}
      loading={change.isPending}
      onClose={onClose}
      onSubmit={(v) => change.mutate({ oldPassword: v.oldPassword, newPassword: v.newPassword })}
    >
      <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields name="newPassword" label="新密码" />
    </FormModal>
  );
}
