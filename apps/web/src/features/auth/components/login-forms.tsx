import { LockOutlined } from '@ant-design/icons';
import { authMessages, type LoginBody, type SmsLoginBody } from '@psy/contracts';
import { Form, Input, Typography } from 'antd';
import { useLogin, useSmsLogin } from '../api/login';
import { AuthForm, CodeField } from './auth-fields';

export function PasswordLoginForm({ telephone, onForgot }: { telephone?: string; onForgot: () => void }) {
  const [form] = Form.useForm<LoginBody>();
  const loginMutation = useLogin();
  return (
    <AuthForm
      form={form}
      initialValues={{ telephone }}
      onFinish={(v) => loginMutation.mutate(v)}
      submit="登录"
      pending={loginMutation.isPending}
    >
      <Form.Item
        name="password"
        label="密码"
        rules={[{ required: true, message: authMessages.passwordRequired }]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
      </Form.Item>
      <div style={{ textAlign: 'right', marginTop: -12, marginBottom: 16 }}>
        <Typography.Link onClick={onForgot}>忘记密码？</Typography.Link>
      </div>
    </AuthForm>
  );
}

export function SmsLoginForm() {
  const [form] = Form.useForm<SmsLoginBody>();
  const smsMutation = useSmsLogin();
  return (
    <AuthForm
      form={form}
      onFinish={(v) => smsMutation.mutate(v)}
      submit="登录"
      pending={smsMutation.isPending}
    >
      <CodeField form={form} type="login" />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: -8 }}>
        未注册的手机号验证后将自动创建账号
      </Typography.Paragraph>
    </AuthForm>
  );
}
