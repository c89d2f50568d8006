import type { DepartmentDetail, ExpertDetail, Slot } from '@psy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const expertDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['experts', 'detail', id],
    queryFn: ({ signal }) =>
      api.get<ExpertDetail>(`/api/expert/detail/${id}`, undefined, { signal, silent: true }),
  });

/** Idle without a valid id (a hand-typed URL): the page says so instead of asking. */
export function useExpertDetail(id: number) {
  return useQuery({ ...expertDetailQuery(id), enabled: id > 0 });
}

/** Free slots of an expert between two instants (ISO with offset). */
export const freeSlotsQuery = (id: number, from: string, to: string) =>
  queryOptions({
    queryKey: ['experts', 'slots', id, from, to],
    queryFn: ({ signal }) => api.get<Slot[]>(`/api/expert/slots/${id}`, { from, to }, { signal }),
  });

export function useFreeSlots(id: number, from: string, to: string, enabled: boolean) {
  return useQuery({ ...freeSlotsQuery(id, from, to), enabled: enabled && id > 0 });
}

export const departmentDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['experts', 'department', id],
    queryFn: ({ signal }) =>
      api.get<DepartmentDetail>(`/api/department/detail/${id}`, undefined, { signal, silent: true }),
  });

export function useDepartmentDetail(id: number) {
  return useQuery({ ...departmentDetailQuery(id), enabled: id > 0 });
}
