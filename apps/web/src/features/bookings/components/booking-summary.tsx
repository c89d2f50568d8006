import { consultModeLabels, contactPreferenceLabels, type Booking } from '@psy/contracts';
import { Descriptions, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { ExpertAvatar } from '../../../components/expert-avatar';
import { slotRange, yuan } from '../../../lib/format';
import { factColumns, wideFact } from './layout';

/** Who, when, how and what about: the part of a booking both pages show the same way. */
export function BookingSummary({ booking, linkExpert = true }: { booking: Booking; linkExpert?: boolean }) {
  const who = (
    <Flex gap={10} align="center">
      <ExpertAvatar expert={booking.expert} size={36} />
      <span>
        <Typography.Text strong>{booking.expert.name}</Typography.Text>
        <Typography.Text type="secondary"> · {booking.expert.title}</Typography.Text>
      </span>
    </Flex>
  );
  return (
    <Descriptions
      column={factColumns}
      size="middle"
      items={[
        {
          key: 'expert',
          label: '咨询师',
          span: wideFact,
          children: linkExpert ? <Link to={`/experts/detail?id=${booking.expert.id}`}>{who}</Link> : who,
        },
        { key: 'time', label: '咨询时间', children: slotRange(booking.startsAt, booking.endsAt) },
        { key: 'mode', label: '咨询方式', children: `${consultModeLabels[booking.mode]}咨询` },
        { key: 'topic', label: '咨询主题', span: wideFact, children: booking.topic },
        {
          key: 'contact',
          label: '联系方式偏好',
          children: contactPreferenceLabels[booking.contactPreference],
        },
        {
          key: 'price',
          label: '咨询费用',
          children: <Typography.Text strong>{yuan(booking.priceFen)}</Typography.Text>,
        },
        ...(booking.note ? [{ key: 'note', label: '补充说明', span: wideFact, children: booking.note }] : []),
      ]}
    />
  );
}
