import { PASSWORD_RULE, PASSWORD_RULE_MSG } from '@crm/core';
import { Form, Input } from 'antd';

/** A new-password field with the password rule. */
export function PasswordField({ name = 'password', label = '新密码' }: { name?: string; label?: string }) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[
        { required: true, message: `请输入${label}` },
        { pattern: PASSWORD_RULE, message: PASSWORD_RULE_MSG },
      ]}
    >
      <Input.Password autoComplete="new-password" />
    </Form.Item>
  );
}

/** The new-password field and its confirmation, which must match. */
export function NewPasswordFields({ name = 'password', label = '新密码' }: { name?: string; label?: string }) {
  return (
    <>
      <PasswordField name={name} label={label} />
      <Form.Item
        name="confirm"
        label={`确认${label}`}
        dependencies={[name]}
        rules={[
          { required: true, message: `请再次输入${label}` },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue(name)
                ? Promise.resolve()
                : Promise.reject(new Error('两次输入的密码不一致')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
