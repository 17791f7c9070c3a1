import type { SmsPurpose } from '@crm/core/contract/account';
import { account as accountCalls } from '@crm/core/contract/account';
import { Button, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useCallMutation } from '../../api/hooks';

export const PHONE_RULE = /^1\d{10}$/;

/** Sends an SMS code (POST /loginController/msgCode) for the form's `phone`, then counts down 60 s. */
export default function SmsCodeButton({ form, type }: { form: FormInstance; type: SmsPurpose }) {
  const [left, setLeft] = useState(0);
  const send = useCallMutation(accountCalls.sendSmsCode, { success: '验证码已发送', onSuccess: () => setLeft(60) });
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  return (
    <Button
      disabled={left > 0}
      loading={send.isPending}
      style={{ width: 120 }}
      onClick={() =>
        form.validateFields(['phone']).then(
          ({ phone }) => send.mutate({ phone, type }),
          () => {},
        )
      }
    >
      {left > 0 ? `${left} 秒后重试` : '获取验证码'}
    </Button>
  );
}
