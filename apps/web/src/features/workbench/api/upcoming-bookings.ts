import type { Booking, Page } from '@psy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * How many confirmed bookings the expert has, for the workbench card. Keyed under
 * ['bookings', 'expert'] like the booking pages, so their changes refresh this count too.
 */
export const upcomingBookingsQuery = queryOptions({
  queryKey: ['bookings', 'expert', { status: 'confirmed', pageNum: 1, pageSize: 5 }],
  queryFn: () =>
    api.get<Page<Booking>>(
      '/api/booking/expert/list',
      { status: 'confirmed', pageNum: 1, pageSize: 5 },
      { silent: true },
    ),
});

export function useUpcomingBookings() {
  return useQuery(upcomingBookingsQuery);
}
