import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import type { SmsPurpose } from '@crm/core/contract/account';
import { Form, type FormInstance, Input } from 'antd';
import SmsCodeButton, { PHONE_RULE } from './SmsCodeButton';

/**
 * The phone number and SMS code fields of sign-in, registration and password reset, with the send-code button.
 * `labels` shows field labels (registration, reset); without it the fields carry icons and placeholders (sign-in).
 */
export default function PhoneCodeFields({
  form,
  type,
  labels = false,
}: {
  form: FormInstance;
  type: SmsPurpose;
  labels?: boolean;
}) {
  return (
    <>
      <Form.Item
        name="phone"
        label={labels ? '手机号' : undefined}
        rules={[
          { required: true, message: '请输入手机号' },
          { pattern: PHONE_RULE, message: '请输入正确的 11 位手机号' },
        ]}
      >
        <Input
          prefix={labels ? undefined : <MobileOutlined />}
          placeholder={labels ? undefined : '手机号'}
          maxLength={11}
        />
      </Form.Item>
      <Form.Item label={labels ? '短信验证码' : undefined} required style={{ marginBottom: 0 }}>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item
            name="code"
            style={{ flex: 1 }}
            rules={[
              { required: true, message: '请输入短信验证码' },
              { pattern: /^\d{6}$/, message: '请输入 6 位短信验证码' },
            ]}
          >
            <Input
              prefix={labels ? undefined : <SafetyOutlined />}
              placeholder={labels ? undefined : '短信验证码'}
              maxLength={6}
            />
          </Form.Item>
          <SmsCodeButton form={form} type={type} />
        </div>
      </Form.Item>
    </>
  );
}
