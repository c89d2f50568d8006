import type { ResetPasswordBody } from '@psy/contracts';
import { Form, Typography } from 'antd';
import { useResetPassword } from '../api/reset-password';
import { AuthForm, CodeField, NewPasswordFields } from './auth-fields';

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
    <AuthForm
      form={form}
      initialValues={{ telephone }}
      onFinish={({ telephone: phone, code, password }) =>
        reset.mutate({ telephone: phone, code, password }, { onSuccess: () => onDone(phone) })
      }
      submit="重置密码"
      pending={reset.isPending}
      footer={
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Typography.Link onClick={onBack}>返回登录</Typography.Link>
        </div>
      }
    >
      <CodeField form={form} type="reset" />
      <NewPasswordFields confirm />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: -8 }}>
        密码8-20位，须包含大小写字母、数字、特殊字符
      </Typography.Paragraph>
    </AuthForm>
  );
}
