import type { ConsultMode, ExpertCard, InstitutionSummary, Page } from '@psy/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** What the list page filters on; prices are fen, as the API takes them. */
export interface ExpertFilters {
  keyword?: string;
  specialty?: string;
  mode?: ConsultMode;
  institutionId?: number;
  minPrice?: number;
  maxPrice?: number;
}

export interface ExpertPageParams extends ExpertFilters {
  pageNum: number;
  pageSize: number;
}

export function fetchExperts(q: ExpertPageParams, signal?: AbortSignal): Promise<Page<ExpertCard>> {
  return api.get<Page<ExpertCard>>('/api/expert/list', { ...q }, { signal });
}

export const expertPageQuery = (q: ExpertPageParams) =>
  queryOptions({
    queryKey: ['experts', 'list', q],
    queryFn: ({ signal }) => fetchExperts(q, signal),
  });

/** Keeps the previous page on screen while the next one loads, so the grid does not jump. */
export function useExperts(q: ExpertPageParams) {
  return useQuery({ ...expertPageQuery(q), placeholderData: keepPreviousData });
}

export const specialtiesQuery = queryOptions({
  queryKey: ['experts', 'specialties'],
  queryFn: () => api.get<string[]>('/api/expert/specialties', undefined, { silent: true }),
  staleTime: 10 * 60_000,
});

export function useSpecialties() {
  return useQuery(specialtiesQuery);
}

export const departmentListQuery = queryOptions({
  queryKey: ['experts', 'departments'],
  queryFn: () => api.get<InstitutionSummary[]>('/api/department/list', undefined, { silent: true }),
  staleTime: 10 * 60_000,
});

export function useDepartments() {
  return useQuery(departmentListQuery);
}
