import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { ResultCode } from '@crm/core';
import type { CallAnswer } from '@crm/core/contract';
import { account as accountCalls } from '@crm/core/contract/account';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, api } from '../../api/client';
import { useCallMutation } from '../../api/hooks';
import AuthCard from './AuthCard';
import AuthTabs from './AuthTabs';
import PhoneCodeFields from './PhoneCodeFields';
import { completeSignIn } from './signIn';

/** Image captcha after 3 failures: code 428, or a failure that says it is now required. */
function asksForCaptcha(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  const data = err.data as { captchaRequired?: boolean } | null;
  return err.code === ResultCode.CAPTCHA_REQUIRED || !!data?.captchaRequired;
}

/** Whether an account already needs the captcha is a hint: when the check fails, the sign-in itself will ask. */
const noHint = () => {};

function PasswordLogin() {
  const [form] = Form.useForm();
  const [captcha, setCaptcha] = useState<CallAnswer<typeof accountCalls.imageCode> | null>(null);
  const newCaptcha = useCallMutation(accountCalls.imageCode, {
    onSuccess: (c) => {
      setCaptcha(c);
      form.setFieldValue('captchaCode', '');
    },
  });
  const login = useCallMutation(accountCalls.login);
  const loadCaptcha = () => newCaptcha.mutate(undefined);
  const checkRequired = (account: string) => {
    if (!account || captcha) return;
    api.call(accountCalls.captchaRequired, { account }, { silent: true }).then((r) => {
      if (r.captchaRequired) loadCaptcha();
    }, noHint);
  };

  return (
    <Form
      form={form}
      size="large"
      onFinish={(v) =>
        login
          .mutateAsync({
            account: v.account,
            password: v.password,
            ...(captcha ? { captchaId: captcha.captchaId, captchaCode: v.captchaCode } : {}),
          })
          // The client has shown why it failed; a captcha is loaded when one is asked for, a shown one renewed.
          .then(completeSignIn, (err) => {
            if (asksForCaptcha(err) || captcha) loadCaptcha();
          })
      }
    >
      <Form.Item name="account" rules={[{ required: true, message: '请输入账号' }]}>
        <Input
          prefix={<UserOutlined />}
          placeholder="账号 / 手机号"
          autoComplete="username"
          onBlur={(e) => checkRequired(e.target.value.trim())}
        />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
      </Form.Item>
      {captcha && (
        <Form.Item required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="captchaCode" noStyle rules={[{ required: true, message: '请输入图形验证码' }]}>
              <Input prefix={<SafetyOutlined />} placeholder="图形验证码" maxLength={6} />
            </Form.Item>
            <button
              type="button"
              title="看不清？点击换一张"
              onClick={loadCaptcha}
              style={{
                padding: 0,
                border: '1px solid #d9d9d9',
                borderLeft: 0,
                borderRadius: '0 8px 8px 0',
                background: 'none',
                cursor: 'pointer',
                overflow: 'hidden',
                // the whole image stays visible: the input beside it gives way, not the code
                flex: 'none',
              }}
            >
              <img
                src={captcha.image}
                alt="图形验证码"
                data-testid="captcha-image"
                style={{ height: 38, width: 114, display: 'block' }}
              />
            </button>
          </Space.Compact>
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        登录
      </Button>
    </Form>
  );
}

function SmsLogin() {
  const [form] = Form.useForm();
  const login = useCallMutation(accountCalls.login, { onSuccess: completeSignIn });
  return (
    <Form form={form} size="large" onFinish={(v) => login.mutate({ phone: v.phone, code: v.code })}>
      <PhoneCodeFields form={form} type="login" />
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        登录
      </Button>
    </Form>
  );
}

export default function Login() {
  return (
    <AuthCard
      title="欢迎登录"
      footer={
        <Space separator="|" style={{ color: '#999' }}>
          <Link to="/register">注册机构</Link>
          <Link to="/resetPassword">忘记密码</Link>
        </Space>
      }
    >
      <AuthTabs
        items={[
          { key: 'password', label: '密码登录', children: <PasswordLogin /> },
          { key: 'sms', label: '验证码登录', children: <SmsLogin /> },
        ]}
      />
    </AuthCard>
  );
}
