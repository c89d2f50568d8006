import type {
  ActivityDetail,
  ActivitySummary,
  Page,
  PlanDetail,
  PlanSummary,
  ScaleDetail,
  ScaleSort,
  ScaleSummary,
} from '@psy/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** What visitors browse: published scales, plans and activities (all public). */

export interface ScaleFilter {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  category?: string;
  price?: 'free' | 'paid';
  /** popular: most taken first (the server counts). */
  sort?: ScaleSort;
}

export const scaleListQuery = (f: ScaleFilter) =>
  queryOptions({
    queryKey: ['assessments', 'scales', f],
    queryFn: ({ signal }) => api.get<Page<ScaleSummary>>('/api/scale/list', { ...f }, { signal }),
  });

export function useScaleList(f: ScaleFilter) {
  // Paging keeps the previous page on screen instead of flashing a skeleton.
  return useQuery({ ...scaleListQuery(f), placeholderData: keepPreviousData });
}

export const scaleCategoriesQuery = queryOptions({
  queryKey: ['assessments', 'categories'],
  queryFn: () => api.get<string[]>('/api/scale/categories'),
  staleTime: 10 * 60_000,
});

export function useScaleCategories() {
  return useQuery(scaleCategoriesQuery);
}

export const scaleDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['assessments', 'scale', id],
    queryFn: () => api.get<ScaleDetail>(`/api/scale/detail/${id}`, undefined, { silent: true }),
  });

export function useScaleDetail(id: number) {
  return useQuery({ ...scaleDetailQuery(id), enabled: id > 0 });
}

export const planListQuery = queryOptions({
  queryKey: ['assessments', 'plans'],
  queryFn: () => api.get<PlanSummary[]>('/api/plan/list'),
});

export function usePlanList() {
  return useQuery(planListQuery);
}

export const planDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['assessments', 'plan', id],
    queryFn: () => api.get<PlanDetail>(`/api/plan/detail/${id}`, undefined, { silent: true }),
  });

export function usePlanDetail(id: number) {
  return useQuery({ ...planDetailQuery(id), enabled: id > 0 });
}

export const activityListQuery = queryOptions({
  queryKey: ['assessments', 'activities'],
  queryFn: () => api.get<ActivitySummary[]>('/api/activity/list'),
});

export function useActivityList() {
  return useQuery(activityListQuery);
}

export const activityDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['assessments', 'activity', id],
    queryFn: () => api.get<ActivityDetail>(`/api/activity/detail/${id}`, undefined, { silent: true }),
  });

export function useActivityDetail(id: number) {
  return useQuery({ ...activityDetailQuery(id), enabled: id > 0 });
}
