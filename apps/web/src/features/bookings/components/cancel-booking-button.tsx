import type { Booking } from '@psy/contracts';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { yuan } from '../../../lib/format';
import { useCancelBooking } from '../api/bookings';
import { RefundRule, refundIfCancelledNow } from './refund-rule';

/** The user's 取消预约: states the refund rule and what this cancellation gets back before confirming. */
export function CancelBookingButton({
  booking,
  onDone,
  block,
}: {
  booking: Booking;
  onDone?: (b: Booking) => void;
  block?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useCancelBooking();
  const refund = refundIfCancelledNow(booking);
  const paid = booking.order?.status === 'paid';

  const confirm = () =>
    cancel.mutate(
      { id: booking.id, reason: reason.trim() || undefined },
      {
        onSuccess: (b) => {
          setOpen(false);
          toast.success(b.refundFen > 0 ? `预约已取消，${yuan(b.refundFen)} 将原路退回` : '预约已取消');
          onDone?.(b);
        },
      },
    );

  return (
    <>
      <Button danger onClick={() => setOpen(true)} block={block}>
        取消预约
      </Button>
      <Modal
        title="确认取消预约？"
        open={open}
        onCancel={() => setOpen(false)}
        onOk={confirm}
        okText={paid ? (refund > 0 ? `确认取消并退款 ${yuan(refund)}` : '确认取消（不退款）') : '确认取消'}
        okButtonProps={{ danger: true }}
        cancelText="暂不取消"
        confirmLoading={cancel.isPending}
        destroyOnHidden
      >
        <RefundRule booking={booking} />
        <Form layout="vertical" style={{ marginTop: 16 }}>
          <Form.Item label="取消原因（选填）">
            <Input.TextArea
              rows={2}
              maxLength={200}
              showCount
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
