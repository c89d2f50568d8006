import type { Booking, Page } from '@psy/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { refreshBookingData, type BookingPageParams } from './bookings';

/** Bookings made with the signed-in expert. */
export const expertBookingsQuery = (q: BookingPageParams) =>
  queryOptions({
    queryKey: ['bookings', 'expert', q],
    queryFn: ({ signal }) => api.get<Page<Booking>>('/api/booking/expert/list', { ...q }, { signal }),
  });

export function useExpertBookings(q: BookingPageParams) {
  return useQuery({ ...expertBookingsQuery(q), placeholderData: keepPreviousData });
}

export type ExpertAction = 'cancel' | 'complete' | 'no-show';

const done: Record<ExpertAction, string> = {
  cancel: '预约已取消，费用将全额退还给来访者',
  complete: '已标记为已完成',
  'no-show': '已标记为未到场',
};

/** The expert's three actions on a booking; cancelling needs a reason. */
export function useExpertBookingAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: number; action: ExpertAction; reason?: string }) =>
      api.post<Booking>(`/api/booking/expert/${action}/${id}`, action === 'cancel' ? { reason } : undefined),
    onSuccess: (b, { action }) => {
      refreshBookingData(qc, b);
      toast.success(done[action]);
    },
  });
}
