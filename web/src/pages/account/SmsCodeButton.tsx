import { Button, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { showSuccess } from '../../app/ui';

export const PHONE_RULE = /^1\d{10}$/;

/** Sends an SMS code (POST /loginController/msgCode) for the form's `phone`, then counts down 60 s. */
export default function SmsCodeButton({ form, type }: { form: FormInstance; type: 'login' | 'register' | 'reset' }) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  return (
    <Button
      disabled={left > 0}
      loading={sending}
      style={{ width: 120 }}
      onClick={async () => {
        const { phone } = await form.validateFields(['phone']);
        setSending(true);
        try {
          await api.backend.post('/loginController/msgCode', { phone, type });
          showSuccess('验证码已发送');
          setLeft(60);
        } catch {
        } finally {
          setSending(false);
        }
      }}
    >
      {left > 0 ? `${left} 秒后重试` : '获取验证码'}
    </Button>
  );
}
