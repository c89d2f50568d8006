import type { Booking, CreateBookingBody } from '@psy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * 预约 from the expert's page. A new booking changes the expert's free slots, my bookings and
 * my orders: all of them are asked again, and the booking itself is cached for the pay page.
 */
export function useCreateBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBookingBody) => api.post<Booking>('/api/booking/create', body),
    onSuccess: (b) => {
      qc.setQueryData(['bookings', 'detail', b.id], b);
      for (const key of ['bookings', 'orders', 'experts', 'expert-me']) {
        void qc.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}
