import { useSearchParams } from 'react-router';
import { CardSkeleton, queryStates } from '../../../components/page-states';
import { useBookingDetail } from '../api/bookings';

/**
 * The booking a detail page (?id=) shows, and what to show instead while it loads, when it
 * does not exist (with a way `back` to the list) or when it failed.
 */
export function useBookingPage(back: { to: string; label: string }) {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const query = useBookingDetail(id);
  const state = queryStates(query, {
    missing: !id,
    notFoundStatuses: [404, 400],
    notFound: { title: '预约不存在', back },
    failed: '预约加载失败',
    skeleton: <CardSkeleton rows={8} />,
  });
  return { booking: query.data, state };
}
