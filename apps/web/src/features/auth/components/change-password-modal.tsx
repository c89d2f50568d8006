import type { ResetPasswordBody } from '@psy/contracts';
import { Alert, Form, Modal } from 'antd';
import { useSession } from '../../../lib/session';
import { useChangePassword } from '../api/change-password';
import { CodeField, NewPasswordFields, PhoneField, warnIfEmpty } from './auth-fields';
import { closeChangePassword, useChangePasswordState } from './change-password-state';

/** Opened from the header dropdown and the personal center; rendered once by the layout. */
const close = closeChangePassword;

const FORM_ID = 'change-password-form';

function ChangePasswordForm({ onSubmit }: { onSubmit: (values: ResetPasswordBody) => void }) {
  const [form] = Form.useForm<ResetPasswordBody>();
  const telephone = useSession((s) => s.userInfo?.telephone ?? '');
  return (
    <Form
      id={FORM_ID}
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ telephone }}
      onFinish={onSubmit}
      onFinishFailed={warnIfEmpty}
    >
      <Alert
        type="info"
        showIcon
        title="修改成功后，所有设备上的登录都会失效，需要重新登录。"
        style={{ marginBottom: 16 }}
      />
      <PhoneField />
      <CodeField form={form} type="reset" />
      <NewPasswordFields />
    </Form>
  );
}

export function ChangePasswordModal() {
  const open = useChangePasswordState((s) => s.open);
  // Held here, not in the form, so the footer's OK button can show the loading state.
  const change = useChangePassword();
  return (
    <Modal
      title="修改密码"
      open={open}
      width={420}
      onCancel={close}
      okText="确认修改"
      okButtonProps={{ htmlType: 'submit', form: FORM_ID, loading: change.isPending }}
      destroyOnHidden
      centered
    >
      <ChangePasswordForm
        onSubmit={({ telephone, code, password }) =>
          change.mutate({ telephone, code, password }, { onSuccess: close })
        }
      />
    </Modal>
  );
}
