import { contract } from '@crm/core/contract';
import { Alert, Button, Form, Input, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useCallMutation } from '../api/hooks';
import AuthCard from '../pages/account/AuthCard';
import SmsCodeButton, { PHONE_RULE } from '../pages/account/SmsCodeButton';
import { BIND_KEY, completeWeComSignIn, type PendingBind } from './signIn';

const pendingBind = (): PendingBind | null => {
  try {
    return JSON.parse(sessionStorage.getItem(BIND_KEY) ?? 'null');
  } catch {
    return null;
  }
};

/**
 * /userBindOrg/userBindOrg 绑定机构: a WeCom member not yet bound to a CRM account binds one, by account and password
 * or by phone and SMS code, and is signed in.
 */
export default function UserBindOrg() {
  const pending = pendingBind();
  const [way, setWay] = useState('password');
  const [smsForm] = Form.useForm();
  const bind = useCallMutation(contract.wecomAuth.oauthBind, {
    onSuccess: (a) => completeWeComSignIn(a, pending?.redirect ?? '/main'),
  });
  if (!pending)
    return (
      <AuthCard title="绑定机构">
        <Alert type="warning" showIcon message="绑定凭证已失效，请从企业微信重新打开" />
      </AuthCard>
    );
  return (
    <AuthCard title="绑定机构">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={`企业微信成员${pending.memberName ? `「${pending.memberName}」` : ''}尚未绑定系统账号，请验证后绑定`}
      />
      <Tabs
        activeKey={way}
        onChange={setWay}
        items={[
          {
            key: 'password',
            label: '账号密码',
            children: (
              <Form layout="vertical" onFinish={(v) => bind.mutate({ ...v, bindTicket: pending.ticket })}>
                <Form.Item name="account" label="账号" rules={[{ required: true, message: '请输入账号' }]}>
                  <Input autoComplete="username" />
                </Form.Item>
                <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
                  <Input.Password autoComplete="current-password" />
                </Form.Item>
                <Button type="primary" htmlType="submit" block loading={bind.isPending}>
                  绑定并登录
                </Button>
              </Form>
            ),
          },
          {
            key: 'sms',
            label: '手机验证码',
            children: (
              <Form
                form={smsForm}
                layout="vertical"
                onFinish={(v) => bind.mutate({ ...v, bindTicket: pending.ticket })}
              >
                <Form.Item
                  name="phone"
                  label="手机号"
                  rules={[
                    { required: true, message: '请输入手机号' },
                    { pattern: PHONE_RULE, message: '请输入正确的 11 位手机号' },
                  ]}
                >
                  <Input maxLength={11} />
                </Form.Item>
                <Form.Item label="验证码" required>
                  <Space.Compact style={{ width: '100%' }}>
                    <Form.Item name="code" noStyle rules={[{ required: true, message: '请输入验证码' }]}>
                      <Input maxLength={6} />
                    </Form.Item>
                    <SmsCodeButton form={smsForm} type="login" />
                  </Space.Compact>
                </Form.Item>
                <Button type="primary" htmlType="submit" block loading={bind.isPending}>
                  绑定并登录
                </Button>
              </Form>
            ),
          },
        ]}
      />
    </AuthCard>
  );
}
