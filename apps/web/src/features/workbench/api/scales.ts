import type { MyScale, ScaleBody, ScaleDraft, ScaleSummary } from '@psy/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';

export type { MyScale, ScaleBody, ScaleDraft } from '@psy/contracts';

/** Everything about scales an author or reviewer edits hangs under this key. */
export const scaleKeys = {
  all: ['workbench-scales'] as const,
  mine: () => [...scaleKeys.all, 'mine'] as const,
  others: () => [...scaleKeys.all, 'others'] as const,
  draft: (id: number) => [...scaleKeys.all, 'draft', id] as const,
};

export const myScalesQuery = queryOptions({
  queryKey: scaleKeys.mine(),
  queryFn: () => api.get<MyScale[]>('/api/expert/scales', undefined, { silent: true }),
});

export function useMyScales() {
  return useQuery(myScalesQuery);
}

export const otherScalesQuery = queryOptions({
  queryKey: scaleKeys.others(),
  queryFn: () => api.get<ScaleSummary[]>('/api/expert/scales/others', undefined, { silent: true }),
});

export function useOtherScales() {
  return useQuery(otherScalesQuery);
}

export const scaleDraftQuery = (id: number) =>
  queryOptions({
    queryKey: scaleKeys.draft(id),
    queryFn: () => api.get<ScaleDraft>(`/api/expert/scales/${id}`, undefined, { silent: true }),
    // The author edits it locally; a refetch on focus must not look like someone else's change.
    refetchOnWindowFocus: false,
  });

export function useScaleDraft(id: number) {
  return useQuery({ ...scaleDraftQuery(id), enabled: id > 0 });
}

export const scaleCategoriesQuery = queryOptions({
  queryKey: ['scale-categories'],
  queryFn: () => api.get<string[]>('/api/scale/categories', undefined, { silent: true }),
  staleTime: 5 * 60_000,
});

/** Creates the draft (no id yet) or saves it; both answer the scale id. */
export function useSaveScale() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ScaleBody }) =>
      id
        ? api.put<{ id: number }>(`/api/expert/scales/${id}`, body)
        : api.post<{ id: number }>('/api/expert/scales', body),
    onSuccess: async (r) => {
      await qc.invalidateQueries({ queryKey: scaleKeys.draft(r.id) });
      void qc.invalidateQueries({ queryKey: scaleKeys.mine() });
    },
  });
}

export function useSubmitScale() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<null>(`/api/expert/scales/${id}/submit`),
    onSuccess: async (_r, id) => {
      toast.success('已提交审核，审核结果会通过消息通知你');
      await qc.invalidateQueries({ queryKey: scaleKeys.draft(id) });
      void qc.invalidateQueries({ queryKey: scaleKeys.mine() });
      void qc.invalidateQueries({ queryKey: ['audit-scales'] });
    },
  });
}
