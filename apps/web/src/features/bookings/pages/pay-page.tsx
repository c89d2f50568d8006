import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Result, Space, Steps, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CardSkeleton, queryStates } from '../../../components/page-states';
import { mmss, monthDayTime, yuan } from '../../../lib/format';
import { usePayOrder } from '../../../lib/pay-order';
import { useBookingDetail } from '../api/bookings';
import { BookingSummary } from '../components/booking-summary';
import { CancelBookingButton } from '../components/cancel-booking-button';
import { RefundRule } from '../components/refund-rule';
import { useCountdown } from '../../../lib/use-countdown';

/** 预约支付 (/experts/pay?bookingId=): the booking just made, its hold countdown and 去支付. */
export function Component() {
  const [params] = useSearchParams();
  const id = Number(params.get('bookingId')) || 0;
  const navigate = useNavigate();
  const query = useBookingDetail(id);
  const { data: booking, refetch } = query;
  const pay = usePayOrder();
  const left = useCountdown(booking?.status === 'pending_payment' ? booking.holdExpiresAt : null);
  const expired = left === 0;

  // When the hold runs out the server cancels the booking; ask it so the page shows that.
  useEffect(() => {
    if (expired) void refetch();
  }, [expired, refetch]);

  const state = queryStates(query, {
    missing: !id,
    notFoundStatuses: [404, 400],
    notFound: { title: '预约不存在', back: { to: '/booking/list', label: '我的预约' } },
    failed: '预约信息加载失败',
    skeleton: <CardSkeleton rows={8} />,
  });
  if (state || !booking) {
    return (
      <div className="page-container" style={state?.loading ? { maxWidth: 860 } : undefined}>
        {state?.view}
      </div>
    );
  }

  // The server frees an unpaid hold on its next sweep; the page need not wait for it.
  const timedOut = booking.status === 'pending_payment' && expired;
  const pending = booking.status === 'pending_payment' && !timedOut;
  // Paid for: what happened afterwards is for the detail page to tell.
  const done =
    booking.status === 'confirmed' || booking.status === 'completed' || booking.status === 'no_show';
  const step = done ? 3 : 2;

  return (
    <div className="page-container" style={{ maxWidth: 860 }}>
      <Card>
        <Steps
          current={step}
          status={!done && !pending ? 'error' : undefined}
          size="small"
          // Titles under the icons: four steps still fit side by side on a phone.
          titlePlacement="vertical"
          responsive={false}
          items={[{ title: '选择时间' }, { title: '填写信息' }, { title: '支付' }, { title: '预约成功' }]}
          style={{ marginBottom: 24 }}
        />
        {done ? (
          <Result
            status="success"
            title="预约成功"
            subTitle={`${monthDayTime(booking.startsAt)} 与 ${booking.expert.name} 的咨询已确认，咨询师会按您选择的方式与您联系。`}
            extra={[
              <Button
                type="primary"
                key="detail"
                onClick={() => navigate(`/booking/detail?id=${booking.id}`)}
              >
                查看预约
              </Button>,
              <Button key="list" onClick={() => navigate('/booking/list')}>
                我的预约
              </Button>,
            ]}
          />
        ) : !pending ? (
          <Result
            status="warning"
            title={timedOut || booking.cancelledBy === 'system' ? '支付超时，预约已取消' : '预约已取消'}
            subTitle={
              booking.cancelReason ? `原因：${booking.cancelReason}` : '该时段已释放，可以重新选择时间。'
            }
            extra={[
              <Button
                type="primary"
                key="again"
                onClick={() => navigate(`/experts/detail?id=${booking.expert.id}`)}
              >
                重新选择时间
              </Button>,
              <Button key="list" onClick={() => navigate('/booking/list')}>
                我的预约
              </Button>,
            ]}
          />
        ) : (
          <>
            <BookingSummary booking={booking} />
            <Flex
              justify="space-between"
              align="center"
              wrap
              gap={16}
              style={{ marginTop: 8, padding: '16px 0', borderTop: '1px solid #f0f0f0' }}
            >
              <div>
                <Typography.Text>应付金额 </Typography.Text>
                <Typography.Text strong style={{ fontSize: 26, color: '#cf1322' }}>
                  {yuan(booking.order?.amountFen ?? booking.priceFen)}
                </Typography.Text>
                <div style={{ color: '#fa8c16', marginTop: 4 }} role="timer" aria-live="off">
                  <ClockCircleOutlined />{' '}
                  {left === null ? '请尽快完成支付' : `时段为您保留中，剩余 ${mmss(left)}，超时将自动释放`}
                </div>
              </div>
              <Space wrap>
                <CancelBookingButton booking={booking} />
                <Button
                  type="primary"
                  size="large"
                  loading={pay.isPending}
                  disabled={!booking.orderId}
                  onClick={() => booking.orderId && pay.mutate(booking.orderId)}
                >
                  去支付
                </Button>
              </Space>
            </Flex>
            <RefundRule booking={booking} compact />
          </>
        )}
        {!pending && booking.order && (
          <Typography.Paragraph style={{ textAlign: 'center', marginBottom: 0 }}>
            <Link to={`/user/orderInfo?id=${booking.order.id}`}>查看订单 {booking.order.orderNo}</Link>
          </Typography.Paragraph>
        )}
      </Card>
    </div>
  );
}
