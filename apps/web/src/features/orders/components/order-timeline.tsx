import type { Order } from '@psy/contracts';
import { Timeline } from 'antd';
import { formatDateTime, yuan } from '../../../lib/format';

/** How the order got where it is: created, paid, refunding, refunded, or cancelled. */
export function OrderTimeline({ order }: { order: Order }) {
  const items: { key: string; color: string; title: string; content: string }[] = [
    { key: 'created', color: 'blue', title: '订单创建', content: formatDateTime(order.createdAt) },
  ];
  if (order.paidAt)
    items.push({
      key: 'paid',
      color: 'green',
      title: `支付成功 ${yuan(order.amountFen)}`,
      content: formatDateTime(order.paidAt),
    });
  if (order.status === 'refunding' || order.status === 'refunded') {
    items.push({
      key: 'refunding',
      color: 'orange',
      title: `申请退款 ${yuan(order.refundFen)}`,
      content: '退款将原路退回',
    });
  }
  if (order.status === 'refunded') {
    items.push({
      key: 'refunded',
      color: 'purple',
      title: `已退款 ${yuan(order.refundFen)}`,
      content: order.refundedAt ? formatDateTime(order.refundedAt) : '',
    });
  }
  if (order.status === 'cancelled') {
    items.push({
      key: 'cancelled',
      color: 'gray',
      title: '订单已取消',
      content: order.cancelledAt ? formatDateTime(order.cancelledAt) : '',
    });
  }
  if (order.status === 'unpaid') {
    items.push({
      key: 'wait',
      color: 'gray',
      title: '等待支付',
      content: `请在 ${formatDateTime(order.expiresAt)} 前完成支付`,
    });
  }
  return (
    <Timeline
      items={items.map((i) => ({
        key: i.key,
        color: i.color,
        content: (
          <>
            <div style={{ fontWeight: 600 }}>{i.title}</div>
            {i.content && <div style={{ color: '#8c8c8c', fontSize: 13 }}>{i.content}</div>}
          </>
        ),
      }))}
    />
  );
}
