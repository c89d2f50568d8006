import { Alert, Modal, type FormInstance, type ModalProps } from 'antd';
import type { ReactNode } from 'react';

/**
 * A modal holding one form: OK submits the form (which validates first), `pending` spins the
 * OK button, and the form is fresh each time the modal opens. `notice`, when given, is an
 * information line above the form.
 */
export function FormModal({
  form,
  onClose,
  pending,
  notice,
  children,
  ...modal
}: Omit<ModalProps, 'onOk' | 'onCancel' | 'confirmLoading' | 'destroyOnHidden'> & {
  form: FormInstance;
  onClose: () => void;
  pending: boolean;
  notice?: ReactNode;
}) {
  return (
    <Modal {...modal} onCancel={onClose} onOk={() => form.submit()} confirmLoading={pending} destroyOnHidden>
      {notice && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={notice} />}
      {children}
    </Modal>
  );
}
