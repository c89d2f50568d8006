import type { Booking, BookingStatus, Page } from '@psy/contracts';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface BookingPageParams {
  status?: BookingStatus;
  pageNum: number;
  pageSize: number;
}

/** The signed-in user's bookings, newest start first. */
export const myBookingsQuery = (q: BookingPageParams) =>
  queryOptions({
    queryKey: ['bookings', 'mine', q],
    queryFn: ({ signal }) => api.get<Page<Booking>>('/api/booking/list', { ...q }, { signal }),
  });

export function useMyBookings(q: BookingPageParams) {
  return useQuery({ ...myBookingsQuery(q), placeholderData: keepPreviousData });
}

/** One booking, for its booker or its expert (the server masks the phone for the booker). */
export const bookingDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['bookings', 'detail', id],
    queryFn: ({ signal }) =>
      api.get<Booking>(`/api/booking/detail/${id}`, undefined, { signal, silent: true }),
  });

export function useBookingDetail(id: number) {
  return useQuery({ ...bookingDetailQuery(id), enabled: id > 0 });
}

/**
 * A booking changing state changes its order, the expert's free slots and both sides'
 * lists: everything derived from it is asked again.
 */
export function refreshBookingData(qc: QueryClient, changed?: Booking) {
  if (changed) qc.setQueryData(bookingDetailQuery(changed.id).queryKey, changed);
  void qc.invalidateQueries({ queryKey: ['bookings'] });
  void qc.invalidateQueries({ queryKey: ['orders'] });
  void qc.invalidateQueries({ queryKey: ['experts'] });
  void qc.invalidateQueries({ queryKey: ['expert-me'] });
}

export function useCancelBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) =>
      api.post<Booking>(`/api/booking/cancel/${id}`, reason ? { reason } : {}),
    onSuccess: (b) => refreshBookingData(qc, b),
  });
}
