import { bookingStatusLabels, orderStatusLabels, type BookingStatus, type OrderStatus } from '@psy/contracts';
import { Tag } from 'antd';

const bookingColors: Record<BookingStatus, string> = {
  pending_payment: 'orange',
  confirmed: 'green',
  completed: 'blue',
  no_show: 'volcano',
  cancelled: 'default',
};

export function BookingStatusTag({ status }: { status: BookingStatus }) {
  return <Tag color={bookingColors[status]}>{bookingStatusLabels[status]}</Tag>;
}

const orderColors: Record<OrderStatus, string> = {
  unpaid: 'orange',
  paid: 'green',
  refunding: 'processing',
  refunded: 'purple',
  cancelled: 'default',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return <Tag color={orderColors[status]}>{orderStatusLabels[status]}</Tag>;
}
