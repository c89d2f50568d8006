import type {
  BuyResult,
  CourseCatalogParams,
  CourseDetail,
  CourseReview,
  CourseSummary,
  LessonContent,
  MyLearning,
  Page,
  ProgressBody,
  ProgressResult,
} from '@psy/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, buildUrl, request } from '../../../lib/api';
import { getToken } from '../../../lib/storage';
import { toast } from '../../../lib/toast';

/** The catalogue, a course's page, and learning it. */

export const courseListQuery = (f: CourseCatalogParams) =>
  queryOptions({
    queryKey: ['courses', 'list', f],
    queryFn: ({ signal }) => api.get<Page<CourseSummary>>('/api/course/list', { ...f }, { signal }),
  });

export function useCourseList(f: CourseCatalogParams) {
  return useQuery({ ...courseListQuery(f), placeholderData: keepPreviousData });
}

/** 精品课程 for the home page: the most learned public courses. */
export const featuredCoursesQuery = (limit = 4) =>
  queryOptions({
    queryKey: ['courses', 'featured', limit],
    queryFn: () => api.get<CourseSummary[]>('/api/course/featured', { limit }),
    staleTime: 60_000,
  });

export const courseDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['courses', 'detail', id],
    queryFn: () => api.get<CourseDetail>(`/api/course/detail/${id}`, undefined, { silent: true }),
    // Buying (in the cashier) and learning change it elsewhere: ask again on every visit.
    staleTime: 0,
  });

export function useCourseDetail(id: number) {
  return useQuery({ ...courseDetailQuery(id), enabled: id > 0 });
}

export function useCourseReviews(id: number, pageNum: number) {
  return useQuery({
    queryKey: ['courses', 'reviews', id, pageNum],
    queryFn: () => api.get<Page<CourseReview>>(`/api/course/${id}/reviews`, { pageNum, pageSize: 5 }),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });
}

/** A lesson's content; its signed video address is short-lived, so it is never cached for long. */
export function useLesson(courseId: number, key: string | null) {
  return useQuery({
    queryKey: ['courses', 'lesson', courseId, key],
    queryFn: () =>
      api.get<LessonContent>(`/api/course/${courseId}/lesson/${key}`, undefined, { silent: true }),
    enabled: courseId > 0 && !!key,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export const myLearningQuery = queryOptions({
  queryKey: ['courses', 'mine'],
  queryFn: () => api.get<MyLearning[]>('/api/course/mine'),
  staleTime: 0,
});

export function useMyLearning() {
  return useQuery(myLearningQuery);
}

export function useBuyCourse(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<BuyResult>(`/api/course/buy/${id}`),
    onSuccess: (r) => {
      if (r.joined) toast.success('已加入学习');
      void qc.invalidateQueries({ queryKey: ['courses'] });
    },
  });
}

/**
 * Saves progress. `keepalive` lets the last save of a page that is closing still leave
 * (the API client's fetch would be cancelled with the page).
 */
export function saveProgress(courseId: number, body: ProgressBody, keepalive = false) {
  if (keepalive) {
    const token = getToken();
    void fetch(buildUrl(`/api/course/${courseId}/progress`), {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', ...(token ? { serviceToken: token } : {}) },
      body: JSON.stringify(body),
    }).catch(() => {});
    return Promise.resolve(null);
  }
  return request<ProgressResult>(`/api/course/${courseId}/progress`, {
    method: 'POST',
    body,
    silent: true,
  }).catch(() => null);
}

export function useRefundCourse(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<null>(`/api/course/refund/${id}`),
    onSuccess: () => {
      toast.success('退款已受理，款项将原路退回');
      void qc.invalidateQueries({ queryKey: ['courses'] });
    },
  });
}

export function useReviewCourse(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { rating: number; content: string }) =>
      api.post<null>(`/api/course/${id}/review`, body),
    onSuccess: () => {
      toast.success('评价已发布');
      void qc.invalidateQueries({ queryKey: ['courses'] });
    },
  });
}
