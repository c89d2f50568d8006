import type { BookingNote, SessionNoteBody } from '@psy/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';

const key = (bookingId: number) => ['bookings', 'note', bookingId] as const;

/** The expert's private session note on one of their bookings. */
export function useSessionNote(bookingId: number, enabled: boolean) {
  return useQuery({
    queryKey: key(bookingId),
    queryFn: () =>
      api.get<BookingNote>(`/api/expert/bookings/${bookingId}/note`, undefined, { silent: true }),
    enabled: enabled && bookingId > 0,
  });
}

export function useSaveSessionNote(bookingId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SessionNoteBody) =>
      api.put<BookingNote>(`/api/expert/bookings/${bookingId}/note`, body),
    onSuccess: (n) => {
      qc.setQueryData(key(bookingId), n);
      toast.success('咨询记录已保存');
    },
  });
}
