import type { AvailabilityTemplate, ExpertSlot, Slot, SlotBody, TemplateBody } from '@psy/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';

export const myTemplatesQuery = queryOptions({
  queryKey: ['expert-me', 'templates'],
  queryFn: () => api.get<AvailabilityTemplate[]>('/api/expert/me/templates'),
});

export function useMyTemplates() {
  return useQuery(myTemplatesQuery);
}

/** The expert's slots (with who booked them) between two instants, ISO with offset. */
export const mySlotsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['expert-me', 'slots', from, to],
    queryFn: ({ signal }) => api.get<ExpertSlot[]>('/api/expert/me/slots', { from, to }, { signal }),
  });

export function useMySlots(from: string, to: string) {
  return useQuery(mySlotsQuery(from, to));
}

/** Any change to availability changes the calendar and what visitors can book. */
function refreshAvailability(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: ['expert-me'] });
  void qc.invalidateQueries({ queryKey: ['experts'] });
}

export function useAddTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TemplateBody) => api.post<{ created: number }>('/api/expert/me/templates', body),
    onSuccess: (r) => {
      refreshAvailability(qc);
      toast.success(r.created > 0 ? `已添加，发布了未来4周的 ${r.created} 个时段` : '已添加每周时段');
    },
  });
}

export function useRemoveTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ closed: number }>(`/api/expert/me/templates/${id}`),
    onSuccess: (r) => {
      refreshAvailability(qc);
      toast.success(r.closed > 0 ? `已删除，关闭了 ${r.closed} 个未被预约的时段` : '已删除每周时段');
    },
  });
}

export function useAddSlot() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SlotBody) => api.post<Slot>('/api/expert/me/slots', body),
    onSuccess: () => {
      refreshAvailability(qc);
      toast.success('时段已发布');
    },
  });
}

export function useSetSlotOpen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, open }: { id: number; open: boolean }) =>
      api.post<null>(`/api/expert/me/slots/${id}/${open ? 'open' : 'close'}`),
    onSuccess: (_r, { open }) => {
      refreshAvailability(qc);
      toast.success(open ? '时段已重新开放' : '时段已关闭');
    },
  });
}
