import { BookingDetailPage } from '../../features/bookings/pages/booking-detail-page';
import { FeedbackPanel } from '../../features/feedback/components/feedback-panel';

/** 预约详情 (/booking/detail?id=): the bookings feature's page with the person's feedback on it. */
export function Component() {
  return (
    <BookingDetailPage
      // Confirmed: a hint that feedback comes after the consultation; completed: the form or the feedback.
      feedback={(b) =>
        b.status === 'completed' || b.status === 'confirmed' ? (
          <FeedbackPanel kind="booking" objectId={b.id} />
        ) : null
      }
    />
  );
}
