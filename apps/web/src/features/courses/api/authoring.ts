import type {
  BuyList,
  BuyListParams,
  CourseDraftBody,
  CourseDraftView,
  CourseVideo,
  LessonContent,
  MyCourseRow,
} from '@psy/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { uploadFile } from '../../../lib/upload';
import { useItemQuery } from '../../../lib/queries';

/** The expert's courses: list, the editor's draft, uploads, purchase records. */

export function useMyCourses() {
  return useQuery({
    queryKey: ['courses', 'expert', 'list'],
    queryFn: () => api.get<MyCourseRow[]>('/api/expert/course/list'),
  });
}

export function useCourseDraft(id: number) {
  return useItemQuery<CourseDraftView>(['courses', 'draft', id], id, `/api/expert/course/${id}`);
}

/** A lesson of the draft, as its author or a reviewer previews it. */
export function useDraftLesson(id: number, key: string | null) {
  return useQuery({
    queryKey: ['courses', 'draft-lesson', id, key],
    queryFn: () => api.get<LessonContent>(`/api/expert/course/${id}/lesson/${key}`),
    enabled: id > 0 && !!key,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useSaveCourse(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CourseDraftBody) =>
      id > 0
        ? api.put<{ id: number }>(`/api/expert/course/${id}`, body)
        : api.post<{ id: number }>('/api/expert/course', body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['courses'] }),
  });
}

export function useSubmitCourse() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<null>(`/api/expert/course/${id}/submit`),
    onSuccess: () => {
      toast.success('已提交审核，审核结果会通过消息通知您');
      void qc.invalidateQueries({ queryKey: ['courses'] });
    },
  });
}

export const uploadCover = (file: File) =>
  uploadFile<{ cover: string; url: string }>('/api/expert/course/cover', file);

/** Videos are large: up to an hour for the bytes to go up on a slow line. */
export const uploadVideo = (file: File, onProgress: (percent: number) => void, signal: AbortSignal) =>
  uploadFile<CourseVideo>('/api/expert/course/video', file, { onProgress, signal, timeoutMs: 3_600_000 });

export function useBuyList(q: BuyListParams) {
  return useQuery({
    queryKey: ['courses', 'expert', 'buyList', q],
    queryFn: () => api.get<BuyList>('/api/expert/course/buyList', { ...q }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads 购买记录.xlsx. */
export async function exportBuyList(courseId?: number) {
  const blob = await request<Blob>('/api/expert/course/buyList/export', {
    query: { courseId },
    blob: true,
    timeoutMs: 60_000,
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = '购买记录.xlsx';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
