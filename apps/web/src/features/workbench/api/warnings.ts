import type { Page, WarningDetail, WarningItem, WarningProgressBody, WarningsQuery } from '@psy/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { assessmentKeys } from './assessments';

export type { WarningDetail, WarningItem, WarningLevel, WarningStatus } from '@psy/contracts';

export const warningKeys = {
  all: ['workbench-warnings'] as const,
  list: (q: WarningsQuery) => [...warningKeys.all, 'list', q] as const,
  detail: (id: number) => [...warningKeys.all, 'detail', id] as const,
};

/** One page of warnings, the highest level first (an expert's own; auditors see all). */
export const warningsQuery = (q: WarningsQuery) =>
  queryOptions({
    queryKey: warningKeys.list(q),
    queryFn: () => api.get<Page<WarningItem>>('/api/expert/warnings', q, { silent: true }),
    placeholderData: keepPreviousData,
  });

export function useWarnings(q: WarningsQuery) {
  return useQuery(warningsQuery(q));
}

export const warningQuery = (id: number) =>
  queryOptions({
    queryKey: warningKeys.detail(id),
    queryFn: () => api.get<WarningDetail>(`/api/expert/warnings/${id}`, undefined, { silent: true }),
  });

export function useWarning(id: number) {
  return useQuery({ ...warningQuery(id), enabled: id > 0 });
}

export function useAddProgress(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WarningProgressBody) => api.post<null>(`/api/expert/warnings/${id}/progress`, body),
    onSuccess: () => {
      toast.success('处理记录已保存');
      void qc.invalidateQueries({ queryKey: warningKeys.all });
      // The assessment detail lists its warnings with their status.
      void qc.invalidateQueries({ queryKey: assessmentKeys.all });
    },
  });
}
