import type { Booking } from '@psy/contracts';
import { Alert, Button, Form, Input, Popconfirm } from 'antd';
import { useState } from 'react';
import { FormModal } from '../../../components/form-modal';
import { shanghai, yuan } from '../../../lib/format';
import { useExpertBookingAction } from '../api/expert-bookings';

/**
 * What the expert can do with a booking now: before it starts, cancel (with a reason; the
 * user is refunded in full); once it has started, record it as completed or as a no-show.
 */
export function ExpertBookingActions({
  booking,
  size = 'small',
}: {
  booking: Booking;
  size?: 'small' | 'middle';
}) {
  const [cancelOpen, setCancelOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const act = useExpertBookingAction();
  const started = !shanghai(booking.startsAt).isAfter(shanghai());
  const active = booking.status === 'confirmed' || booking.status === 'pending_payment';
  const paid = booking.order?.status === 'paid';

  if (!active) return null;
  if (started) {
    if (booking.status !== 'confirmed') return null;
    return (
      <>
        <Popconfirm
          title="确认本次咨询已完成？"
          okText="确认完成"
          cancelText="取消"
          onConfirm={() => act.mutateAsync({ id: booking.id, action: 'complete' })}
        >
          <Button type="primary" size={size}>
            确认完成
          </Button>
        </Popconfirm>
        <Popconfirm
          title="标记来访者未到场？"
          description="未到场不退还咨询费用。"
          okText="标记未到场"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => act.mutateAsync({ id: booking.id, action: 'no-show' })}
        >
          <Button size={size}>标记未到场</Button>
        </Popconfirm>
      </>
    );
  }
  return (
    <>
      <Button danger size={size} onClick={() => setCancelOpen(true)}>
        取消预约
      </Button>
      <FormModal
        title="取消这次预约？"
        open={cancelOpen}
        onClose={() => setCancelOpen(false)}
        okText="确认取消"
        okButtonProps={{ danger: true }}
        cancelText="暂不取消"
        form={form}
        pending={act.isPending}
      >
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            paid
              ? `来访者已支付，取消后将全额退款 ${yuan(booking.order!.amountFen)}`
              : '来访者尚未支付，取消后订单关闭'
          }
          description="取消原因会通知来访者，请如实填写。"
        />
        <Form
          form={form}
          layout="vertical"
          onFinish={({ reason }) =>
            act.mutate(
              { id: booking.id, action: 'cancel', reason: reason.trim() },
              { onSuccess: () => setCancelOpen(false) },
            )
          }
        >
          <Form.Item
            name="reason"
            label="取消原因"
            rules={[
              { required: true, whitespace: true, message: '请填写取消原因' },
              { min: 2, message: '请填写取消原因' },
              { max: 200, message: '取消原因最多200个字' },
            ]}
          >
            <Input.TextArea
              rows={3}
              maxLength={200}
              showCount
              placeholder="例如：临时有紧急工作安排，非常抱歉"
            />
          </Form.Item>
        </Form>
      </FormModal>
    </>
  );
}
