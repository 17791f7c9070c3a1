import { account as accountCalls } from '@crm/core/contract/account';
import { Button, Form, Input } from 'antd';
import { Link } from 'react-router';
import { useCallMutation } from '../../api/hooks';
import { NewPasswordFields } from '../../components/PasswordFields';
import AuthCard from './AuthCard';
import PhoneCodeFields from './PhoneCodeFields';
import { completeSignIn } from './signIn';

/** /register: a new organisation with its super admin (POST /loginController/registerApp), signed in at once. */
export default function Register() {
  const [form] = Form.useForm();
  const register = useCallMutation(accountCalls.register, { onSuccess: completeSignIn });
  return (
    <AuthCard title="注册机构" footer={<Link to="/login">已有账号？去登录</Link>}>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) =>
          register.mutate({
            orgName: v.orgName,
            realName: v.realName,
            phone: v.phone,
            code: v.code,
            password: v.password,
            username: v.username || undefined,
          })
        }
      >
        <Form.Item
          name="orgName"
          label="机构名称"
          rules={[
            { required: true, message: '请输入机构名称' },
            { min: 2, message: '机构名称至少 2 个字' },
          ]}
        >
          <Input placeholder="公司或机构全称" maxLength={100} />
        </Form.Item>
        <Form.Item name="realName" label="联系人姓名" rules={[{ required: true, message: '请输入联系人姓名' }]}>
          <Input maxLength={50} />
        </Form.Item>
        <PhoneCodeFields form={form} type="register" labels />
        <Form.Item
          name="username"
          label="登录账号（选填，默认为手机号）"
          rules={[{ pattern: /^[A-Za-z0-9_@.-]{4,32}$/, message: '登录账号为 4-32 位字母、数字或 _@.-' }]}
        >
          <Input maxLength={32} autoComplete="username" />
        </Form.Item>
        <NewPasswordFields name="password" label="密码" />
        <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
          注册并登录
        </Button>
      </Form>
    </AuthCard>
  );
}
