import { LockOutlined } from '@ant-design/icons';
import { authMessages, type LoginBody, type SmsLoginBody } from '@psy/contracts';
import { Button, Form, Input, Typography } from 'antd';
import { useLogin, useSmsLogin } from '../api/login';
import { CodeField, PhoneField, warnIfEmpty } from './auth-fields';

export function PasswordLoginForm({ telephone, onForgot }: { telephone?: string; onForgot: () => void }) {
  const [form] = Form.useForm<LoginBody>();
  const loginMutation = useLogin();
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ telephone }}
      onFinish={(v) => loginMutation.mutate(v)}
      onFinishFailed={warnIfEmpty}
    >
      <PhoneField />
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
      <Button type="primary" htmlType="submit" block size="large" loading={loginMutation.isPending}>
        登录
      </Button>
    </Form>
  );
}

export function SmsLoginForm() {
  const [form] = Form.useForm<SmsLoginBody>();
  const smsMutation = useSmsLogin();
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => smsMutation.mutate(v)}
      onFinishFailed={warnIfEmpty}
    >
      <PhoneField />
      <CodeField form={form} type="login" />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: -8 }}>
        未注册的手机号验证后将自动创建账号
      </Typography.Paragraph>
      <Button type="primary" htmlType="submit" block size="large" loading={smsMutation.isPending}>
        登录
      </Button>
    </Form>
  );
}
