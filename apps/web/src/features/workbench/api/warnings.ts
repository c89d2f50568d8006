import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { assessmentKeys } from './assessments';

export type WarningLevel = 1 | 2 | 3;
export type WarningStatus = 'pending' | 'following' | 'closed';

export interface WarningItem {
  id: number;
  assessmentId: number;
  userName: string;
  level: WarningLevel;
  reason: string;
  scaleName: string;
  status: WarningStatus;
  /** Nobody picked it up in time, so the auditors were told too. */
  escalated: boolean;
  createdAt: string;
}

export interface WarningDetail extends Omit<WarningItem, 'userName'> {
  user: { id: number; name: string; telephone: string };
  progress: { id: number; actorName: string; status: WarningStatus; note: string; createdAt: string }[];
}

export const warningKeys = {
  all: ['workbench-warnings'] as const,
  list: (status?: WarningStatus) => [...warningKeys.all, 'list', status ?? 'all'] as const,
  detail: (id: number) => [...warningKeys.all, 'detail', id] as const,
};

export const warningsQuery = (status?: WarningStatus) =>
  queryOptions({
    queryKey: warningKeys.list(status),
    queryFn: () => api.get<WarningItem[]>('/api/expert/warnings', { status }, { silent: true }),
  });

export function useWarnings(status?: WarningStatus) {
  return useQuery(warningsQuery(status));
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
    mutationFn: (body: { status: 'following' | 'closed'; note: string }) =>
      api.post<null>(`/api/expert/warnings/${id}/progress`, body),
    onSuccess: () => {
      toast.success('处理记录已保存');
      void qc.invalidateQueries({ queryKey: warningKeys.all });
      // The assessment detail lists its warnings with their status.
      void qc.invalidateQueries({ queryKey: assessmentKeys.all });
    },
  });
}
