import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { ResultCode } from '@crm/core';
import { Button, Form, Input, Space, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, api } from '../../api/client';
import AuthCard from './AuthCard';
import PhoneCodeFields from './PhoneCodeFields';
import { completeSignIn, type LoginAnswer } from './signIn';

interface Captcha {
  captchaId: string;
  image: string;
}

function PasswordLogin() {
  const [form] = Form.useForm();
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [loading, setLoading] = useState(false);

  const loadCaptcha = async () => {
    try {
      setCaptcha(await api.backend.post<Captcha>('/loginController/getCode/v2', {}));
      form.setFieldValue('captchaCode', '');
    } catch {}
  };
  const checkRequired = async (account: string) => {
    if (!account || captcha) return;
    try {
      const r = await api.backend.get<{ captchaRequired: boolean }>(
        '/loginController/captchaRequired',
        { account },
        { silent: true },
      );
      if (r.captchaRequired) await loadCaptcha();
    } catch {}
  };

  return (
    <Form
      form={form}
      size="large"
      onFinish={async (v) => {
        setLoading(true);
        try {
          const answer = await api.backend.post<LoginAnswer>('/loginController/webLogin', {
            account: v.account,
            password: v.password,
            ...(captcha ? { captchaId: captcha.captchaId, captchaCode: v.captchaCode } : {}),
          });
          await completeSignIn(answer);
        } catch (err) {
          // Image captcha after 3 failures (code 428, or a failure that says it is now required).
          const data = err instanceof ApiError ? (err.data as { captchaRequired?: boolean } | null) : null;
          if (err instanceof ApiError && (err.code === ResultCode.CAPTCHA_REQUIRED || data?.captchaRequired))
            await loadCaptcha();
          else if (captcha) await loadCaptcha();
        } finally {
          setLoading(false);
        }
      }}
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
              }}
            >
              <img
                src={captcha.image}
                alt="图形验证码"
                data-testid="captcha-image"
                style={{ height: 38, width: 120, display: 'block' }}
              />
            </button>
          </Space.Compact>
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={loading}>
        登录
      </Button>
    </Form>
  );
}

function SmsLogin() {
  const [form] = Form.useForm();
  const [loading, setLoading] = useState(false);
  return (
    <Form
      form={form}
      size="large"
      onFinish={async (v) => {
        setLoading(true);
        try {
          await completeSignIn(
            await api.backend.post<LoginAnswer>('/loginController/webLogin', { phone: v.phone, code: v.code }),
          );
        } catch {
        } finally {
          setLoading(false);
        }
      }}
    >
      <PhoneCodeFields form={form} type="login" />
      <Button type="primary" htmlType="submit" block loading={loading}>
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
      <Tabs
        centered
        items={[
          { key: 'password', label: '密码登录', children: <PasswordLogin /> },
          { key: 'sms', label: '验证码登录', children: <SmsLogin /> },
        ]}
      />
    </AuthCard>
  );
}
