import type { ResetPasswordBody } from '@psy/contracts';
import { Button, Form, Typography } from 'antd';
import { useResetPassword } from '../api/reset-password';
import { CodeField, NewPasswordFields, PhoneField, warnIfEmpty } from './auth-fields';

interface Props {
  telephone?: string;
  onDone: (telephone: string) => void;
  onBack: () => void;
}

/** 忘记密码: prove the phone with a 'reset' SMS code and choose a new password. */
export function ResetPasswordForm({ telephone, onDone, onBack }: Props) {
  const [form] = Form.useForm<ResetPasswordBody & { confirm: string }>();
  const reset = useResetPassword();
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ telephone }}
      onFinish={({ telephone: phone, code, password }) =>
        reset.mutate({ telephone: phone, code, password }, { onSuccess: () => onDone(phone) })
      }
      onFinishFailed={warnIfEmpty}
    >
      <PhoneField />
      <CodeField form={form} type="reset" />
      <NewPasswordFields confirm />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: -8 }}>
        密码8-20位，须包含大小写字母、数字、特殊字符
      </Typography.Paragraph>
      <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
        重置密码
      </Button>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Typography.Link onClick={onBack}>返回登录</Typography.Link>
      </div>
    </Form>
  );
}
