import type { AuditCourseParams, AuditCourseRow, Page } from '@psy/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';

/** Course review for auditors. */

export function useAuditCourses(q: AuditCourseParams) {
  return useQuery({
    queryKey: ['courses', 'audit', q],
    queryFn: () => api.get<Page<AuditCourseRow>>('/api/audit/course/list', { ...q }),
    placeholderData: keepPreviousData,
  });
}

export function useDecideCourse(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: { approve: boolean; reason?: string }) =>
      api.post<null>(`/api/audit/course/${id}/review`, d),
    onSuccess: (_r, d) => {
      toast.success(d.approve ? '审核通过，课程已上架' : '已驳回，专家会收到原因');
      void qc.invalidateQueries({ queryKey: ['courses'] });
    },
  });
}

export function useCourseOnline(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (online: boolean) => api.post<null>(`/api/audit/course/${id}/online`, { online }),
    onSuccess: (_r, online) => {
      toast.success(online ? '课程已上架' : '课程已下架');
      void qc.invalidateQueries({ queryKey: ['courses'] });
    },
  });
}
