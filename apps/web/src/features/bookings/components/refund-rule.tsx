import type { Booking } from '@psy/contracts';
import { Alert } from 'antd';
import { monthDayTime, shanghai, yuan } from '../../../lib/format';

/** Hours between the free-cancellation deadline and the start: the rule as the server applies it. */
export function deadlineHours(b: Booking): number {
  return Math.round((Date.parse(b.startsAt) - Date.parse(b.freeCancelUntil)) / 3_600_000);
}

/** Whether cancelling now gets the money back (a paid booking before the deadline). */
export function refundIfCancelledNow(b: Booking): number {
  if (b.order?.status !== 'paid') return 0;
  return shanghai().isAfter(b.freeCancelUntil) ? 0 : b.order.amountFen;
}

/** The cancellation rule in words, with this booking's own deadline. */
export function RefundRule({ booking, compact = false }: { booking: Booking; compact?: boolean }) {
  const deadline = monthDayTime(booking.freeCancelUntil);
  const hours = deadlineHours(booking);
  const inTime = !shanghai().isAfter(booking.freeCancelUntil);
  const paid = booking.order?.status === 'paid';
  const rule = `开始前${hours}小时（${deadline}）之前取消可全额退款，之后取消不予退款。`;
  if (compact) return <Alert type="info" showIcon title="取消规则" description={rule} />;
  return (
    <Alert
      type={!paid || inTime ? 'info' : 'warning'}
      showIcon
      title={
        !paid
          ? '尚未支付，取消不产生任何费用'
          : inTime
            ? `现在取消将全额退款 ${yuan(booking.order!.amountFen)}`
            : '已过免费取消时间，现在取消将不予退款'
      }
      description={rule}
    />
  );
}
