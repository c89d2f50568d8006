import type { Booking } from '@psy/contracts';
import { Descriptions, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime, yuan } from '../../../lib/format';
import { OrderStatusTag } from '../../../components/status-tags';
import { factColumns, wideFact } from './layout';

const cancelledByLabels = { user: '来访者', expert: '咨询师', system: '系统（超时未支付）' } as const;

/** The money side of a booking: its order, payment, refund and, if cancelled, by whom and why. */
export function OrderFacts({ booking, orderLink }: { booking: Booking; orderLink: boolean }) {
  const o = booking.order;
  return (
    <Descriptions
      column={factColumns}
      items={[
        ...(o
          ? [
              {
                key: 'no',
                label: '订单号',
                children: orderLink ? <Link to={`/user/orderInfo?id=${o.id}`}>{o.orderNo}</Link> : o.orderNo,
              },
              { key: 'status', label: '订单状态', children: <OrderStatusTag status={o.status} /> },
              { key: 'amount', label: '订单金额', children: yuan(o.amountFen) },
              ...(o.paidAt ? [{ key: 'paid', label: '支付时间', children: formatDateTime(o.paidAt) }] : []),
            ]
          : []),
        ...(booking.status === 'cancelled'
          ? [
              {
                key: 'refund',
                label: '退款金额',
                children: (
                  <Typography.Text strong type={booking.refundFen > 0 ? 'success' : undefined}>
                    {booking.refundFen > 0 ? `退款 ${yuan(booking.refundFen)}` : '无退款'}
                  </Typography.Text>
                ),
              },
              ...(o?.refundedAt
                ? [{ key: 'refunded', label: '退款时间', children: formatDateTime(o.refundedAt) }]
                : []),
              {
                key: 'by',
                label: '取消方',
                children: booking.cancelledBy ? cancelledByLabels[booking.cancelledBy] : '—',
              },
              ...(booking.cancelledAt
                ? [{ key: 'at', label: '取消时间', children: formatDateTime(booking.cancelledAt) }]
                : []),
              ...(booking.cancelReason
                ? [{ key: 'reason', label: '取消原因', span: wideFact, children: booking.cancelReason }]
                : []),
            ]
          : []),
      ]}
    />
  );
}
