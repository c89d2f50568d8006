import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import {
  PASSWORD_PATTERN,
  PHONE_PATTERN,
  SMS_CODE_PATTERN,
  authMessages,
  type SmsType,
} from '@psy/contracts';
import { Button, Form, Input, Space, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { SendCodeButton } from './send-code-button';

const CONFIRM_REQUIRED = '请再次输入新密码';

/** Keeps only digits: the phone field is a numeric input (spec section 5). */
const digitsOnly = (v: string | undefined) => (v ?? '').replace(/\D/g, '');

export function PhoneField({ disabled }: { disabled?: boolean }) {
  return (
    <Form.Item
      name="telephone"
      label="手机号"
      normalize={digitsOnly}
      rules={[
        { required: true, message: authMessages.phoneRequired },
        { pattern: PHONE_PATTERN, message: authMessages.phoneInvalid },
      ]}
    >
      <Input
        prefix={<MobileOutlined />}
        placeholder="请输入手机号"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        disabled={disabled}
      />
    </Form.Item>
  );
}

export function CodeField({ form, type }: { form: FormInstance; type: SmsType }) {
  return (
    <Form.Item label="验证码" required>
      <Space.Compact block>
        <Form.Item
          name="code"
          noStyle
          normalize={digitsOnly}
          rules={[
            { required: true, message: authMessages.codeRequired },
            { pattern: SMS_CODE_PATTERN, message: authMessages.codeInvalid },
          ]}
        >
          <Input
            prefix={<SafetyOutlined />}
            placeholder="请输入短信验证码"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
        </Form.Item>
        <SendCodeButton form={form} type={type} />
      </Space.Compact>
    </Form.Item>
  );
}

/** New password, checked against the shared rule; `confirm` adds a repeat field. */
export function NewPasswordFields({ confirm }: { confirm?: boolean }) {
  return (
    <>
      <Form.Item
        name="password"
        label="新密码"
        extra={confirm ? undefined : '8-20位，须包含大小写字母、数字、特殊字符'}
        rules={[
          { required: true, message: authMessages.newPasswordRequired },
          { pattern: PASSWORD_PATTERN, message: authMessages.passwordRule },
        ]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder="请填写新密码" autoComplete="new-password" />
      </Form.Item>
      {confirm && (
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['password']}
          rules={[
            { required: true, message: CONFIRM_REQUIRED },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="请再次输入新密码"
            autoComplete="new-password"
          />
        </Form.Item>
      )}
    </>
  );
}

/** Spec: empty required fields give the 请填写必填项 warning besides the field messages. */
export function warnIfEmpty({ errorFields }: { errorFields: { errors: string[] }[] }) {
  const required: string[] = [
    authMessages.phoneRequired,
    authMessages.codeRequired,
    authMessages.newPasswordRequired,
    authMessages.passwordRequired,
    CONFIRM_REQUIRED,
  ];
  if (errorFields.some((f) => f.errors.some((e) => required.includes(e)))) {
    toast.warning(authMessages.fillRequired);
  }
}

/**
 * A form of the login page: the phone first, then `children`, one large submit button and
 * `footer` under it; an empty required field is warned about as well.
 */
export function AuthForm<T>(props: {
  form: FormInstance<T>;
  initialValues?: Partial<T>;
  onFinish: (values: T) => void;
  submit: string;
  pending: boolean;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Form<T>
      form={props.form}
      layout="vertical"
      requiredMark={false}
      initialValues={props.initialValues}
      onFinish={props.onFinish}
      onFinishFailed={warnIfEmpty}
    >
      <PhoneField />
      {props.children}
      <Button type="primary" htmlType="submit" block size="large" loading={props.pending}>
        {props.submit}
      </Button>
      {props.footer}
    </Form>
  );
}
