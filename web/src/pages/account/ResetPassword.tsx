import type { CallAnswer } from '@crm/core/contract';
import { account as accountCalls } from '@crm/core/contract/account';
import { Button, Form, Input, Result, Steps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCallMutation } from '../../api/hooks';
import { navigateTo } from '../../app/navigation';
import { NewPasswordFields } from '../../components/PasswordFields';
import AuthCard from './AuthCard';
import PhoneCodeFields from './PhoneCodeFields';

/** /resetPassword: verify the phone (verificationAccount gives a ticket), then set a new password with it. */
export default function ResetPassword() {
  const [form] = Form.useForm();
  const [step, setStep] = useState(0);
  const [ticket, setTicket] = useState<CallAnswer<typeof accountCalls.verifyAccount> | null>(null);
  const verify = useCallMutation(accountCalls.verifyAccount, {
    onSuccess: (t) => {
      setTicket(t);
      setStep(1);
    },
  });
  const reset = useCallMutation(accountCalls.changePassword, { onSuccess: () => setStep(2) });
  return (
    <AuthCard title="重置密码" footer={<Link to="/login">返回登录</Link>}>
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 24 }}
        items={[{ title: '验证手机号' }, { title: '设置新密码' }, { title: '完成' }]}
      />
      {step === 0 && (
        <Form form={form} layout="vertical" onFinish={(v) => verify.mutate({ phone: v.phone, code: v.code })}>
          <PhoneCodeFields form={form} type="reset" labels />
          <Button type="primary" htmlType="submit" block size="large" loading={verify.isPending}>
            下一步
          </Button>
        </Form>
      )}
      {step === 1 && (
        <Form layout="vertical" onFinish={(v) => reset.mutate({ ticket: ticket?.ticket, newPassword: v.password })}>
          <Form.Item label="登录账号">
            <Input value={ticket?.username} disabled />
          </Form.Item>
          <NewPasswordFields name="password" label="新密码" />
          <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
            确定
          </Button>
        </Form>
      )}
      {step === 2 && (
        <Result
          status="success"
          title="密码已重置"
          subTitle="请使用新密码登录"
          extra={
            <Button type="primary" onClick={() => navigateTo('/login')}>
              去登录
            </Button>
          }
        />
      )}
    </AuthCard>
  );
}
