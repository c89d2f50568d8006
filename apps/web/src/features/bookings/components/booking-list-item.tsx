import { ClockCircleOutlined, UserOutlined } from '@ant-design/icons';
import { consultModeLabels, type Booking } from '@psy/contracts';
import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ExpertAvatar } from '../../../components/expert-avatar';
import { slotRange, yuan } from '../../../lib/format';
import { BookingStatusTag } from '../../../components/status-tags';
import styles from './bookings.module.css';

/**
 * One booking in a list. The user sees the expert; the expert sees who booked. The title
 * links to the detail page; `actions` are the buttons that fit the booking's state.
 */
export function BookingListItem({
  booking,
  viewer,
  actions,
}: {
  booking: Booking;
  viewer: 'user' | 'expert';
  actions?: ReactNode;
}) {
  const detail =
    viewer === 'user' ? `/booking/detail?id=${booking.id}` : `/expert/mybooking/detail?id=${booking.id}`;
  return (
    <Card size="small" className={styles.item}>
      <Flex gap={14} align="flex-start">
        {viewer === 'user' ? (
          <ExpertAvatar expert={booking.expert} size={48} />
        ) : (
          <ExpertAvatar
            expert={{ id: booking.user.id, name: booking.user.name || '来', avatar: null }}
            size={48}
          />
        )}
        <div style={{ flex: 1, minWidth: 0 }}>
          <Flex justify="space-between" gap={8} wrap align="baseline">
            <Link to={detail} className={styles.itemTitle}>
              {viewer === 'user' ? (
                <>
                  {booking.expert.name}
                  <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                    {' '}
                    · {booking.expert.title}
                  </Typography.Text>
                </>
              ) : (
                <>
                  <UserOutlined /> {booking.user.name || '来访者'}
                </>
              )}
            </Link>
            <BookingStatusTag status={booking.status} />
          </Flex>
          <div className={styles.itemLine}>
            <ClockCircleOutlined /> {slotRange(booking.startsAt, booking.endsAt)} ·{' '}
            {consultModeLabels[booking.mode]}
          </div>
          <Typography.Paragraph type="secondary" ellipsis className={styles.itemTopic}>
            主题：{booking.topic}
          </Typography.Paragraph>
          <Flex justify="space-between" align="center" gap={8} wrap>
            <span>
              <Typography.Text strong>{yuan(booking.priceFen)}</Typography.Text>
              {booking.refundFen > 0 && (
                <Typography.Text type="success"> · 退款 {yuan(booking.refundFen)}</Typography.Text>
              )}
            </span>
            <Flex gap={8} wrap>
              {actions}
            </Flex>
          </Flex>
        </div>
      </Flex>
    </Card>
  );
}
