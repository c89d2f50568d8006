import { MessageOutlined } from '@ant-design/icons';
import type { Booking } from '@psy/contracts';
import type { ReactNode } from 'react';
import { Alert, Button, Card, Flex, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useBeginChat } from '../../../lib/begin-chat';
import { formatDateTime, mmss, shanghai, yuan } from '../../../lib/format';
import { BookingStatusTag } from '../../../components/status-tags';
import { BookingSummary } from '../components/booking-summary';
import { CancelBookingButton } from '../components/cancel-booking-button';
import { OrderFacts } from '../components/order-facts';
import { useBookingPage } from '../components/use-booking-page';
import { RefundRule } from '../components/refund-rule';
import { useCountdown } from '../../../lib/use-countdown';

/**
 * 预约详情 (/booking/detail?id=) for the person who booked. `feedback` (the feedback feature's
 * panel) goes under the booking; the route is composed in app/routes/booking-detail-page.tsx.
 */
export function BookingDetailPage({ feedback }: { feedback?: (b: Booking) => ReactNode }) {
  const navigate = useNavigate();
  const { booking: b, state } = useBookingPage({ to: '/booking/list', label: '我的预约' });
  const chat = useBeginChat();
  const left = useCountdown(b?.status === 'pending_payment' ? b.holdExpiresAt : null);
  if (state || !b) {
    return (
      <div className="page-container" style={state?.loading ? { maxWidth: 960 } : undefined}>
        {state?.view}
      </div>
    );
  }

  const upcoming = shanghai(b.startsAt).isAfter(shanghai());
  const cancellable = upcoming && (b.status === 'pending_payment' || b.status === 'confirmed');

  return (
    <div className="page-container" style={{ maxWidth: 960 }}>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Space align="center" wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>
            预约详情
          </Typography.Title>
          <BookingStatusTag status={b.status} />
        </Space>
        <Button onClick={() => navigate('/booking/list')}>返回我的预约</Button>
      </Flex>

      {b.status === 'pending_payment' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={left ? `待支付，时段保留剩余 ${mmss(left)}` : '待支付'}
          description="超时未支付预约将自动取消，时段会释放给其他来访者。"
          action={
            <Button
              type="primary"
              disabled={left === 0}
              onClick={() => navigate(`/experts/pay?bookingId=${b.id}`)}
            >
              去支付
            </Button>
          }
        />
      )}
      {b.status === 'confirmed' && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title="预约已确认"
          description={`请在 ${formatDateTime(b.startsAt)} 准时参加${b.mode === 'online' ? '线上' : '线下'}咨询，咨询师会按您选择的方式与您联系。`}
        />
      )}
      {b.status === 'completed' && (
        <Alert type="success" showIcon style={{ marginBottom: 16 }} title="咨询已完成，感谢您的信任" />
      )}
      {b.status === 'no_show' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="咨询师记录您未到场"
          description="如有疑问，可以联系专家说明情况。"
        />
      )}
      {b.status === 'cancelled' && (
        <Alert
          type={b.refundFen > 0 ? 'info' : 'warning'}
          showIcon
          style={{ marginBottom: 16 }}
          title={b.refundFen > 0 ? `预约已取消，退款 ${yuan(b.refundFen)}` : '预约已取消'}
          description={
            b.refundFen > 0
              ? b.order?.status === 'refunded'
                ? '退款已原路退回。'
                : '退款处理中，将原路退回。'
              : b.order?.paidAt
                ? '已过免费取消时间，本次取消不予退款。'
                : '未产生费用。'
          }
        />
      )}

      <Card title="预约信息">
        <BookingSummary booking={b} />
      </Card>
      {feedback?.(b)}
      <Card title="订单与退款" style={{ marginTop: 16 }}>
        <OrderFacts booking={b} orderLink />
      </Card>
      <Card style={{ marginTop: 16 }}>
        {cancellable && (
          <div style={{ marginBottom: 16 }}>
            <RefundRule booking={b} />
          </div>
        )}
        <Space wrap>
          <Button icon={<MessageOutlined />} loading={chat.isPending} onClick={() => chat.start(b.expert.id)}>
            联系专家
          </Button>
          {cancellable && <CancelBookingButton booking={b} />}
        </Space>
      </Card>
    </div>
  );
}
