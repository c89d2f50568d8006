import type { ConsultationPage, PageParams } from '@psy/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type { ConsultationItem } from '@psy/contracts';

export const CONSULTATION_PAGE_SIZE = 10;

/** The experts the signed-in person chatted with or booked, newest contact first. */
export const consultationsQuery = (q: Required<PageParams>) =>
  queryOptions({
    queryKey: ['consultations', q],
    queryFn: () => api.get<ConsultationPage>('/api/consultations', q, { silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useConsultations(pageNum: number) {
  return useQuery(consultationsQuery({ pageNum, pageSize: CONSULTATION_PAGE_SIZE }));
}
