import type { Page, ReviewScale, ReviewScalesQuery } from '@psy/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';

export type { ReviewScale } from '@psy/contracts';

const reviewKeys = {
  all: ['audit-scales'] as const,
  list: (q: ReviewScalesQuery) => [...reviewKeys.all, q] as const,
};

/** One page of the queue. Without a status the server lists experts' scales only; a status includes the built-ins. */
export const reviewQueueQuery = (q: ReviewScalesQuery) =>
  queryOptions({
    queryKey: reviewKeys.list(q),
    queryFn: () => api.get<Page<ReviewScale>>('/api/audit/scales', q, { silent: true }),
    placeholderData: keepPreviousData,
  });

export function useReviewQueue(q: ReviewScalesQuery) {
  return useQuery(reviewQueueQuery(q));
}

/** Review and going on/offline change the draft, the queue, the inbox and the public catalogue. */
function refresh(qc: ReturnType<typeof useQueryClient>, id: number) {
  void qc.invalidateQueries({ queryKey: reviewKeys.all });
  void qc.invalidateQueries({ queryKey: ['audit-inbox'] });
  void qc.invalidateQueries({ queryKey: ['workbench-scales', 'draft', id] });
  // The public catalogue (assessments feature) lists only published, online scales.
  void qc.invalidateQueries({ queryKey: ['assessments'] });
}

export function useReviewScale(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { approve: boolean; reason?: string }) =>
      api.post<null>(`/api/audit/scales/${id}/review`, body),
    onSuccess: (_r, body) => {
      toast.success(body.approve ? '已通过，量表已在测评中心发布' : '已驳回，作者会收到驳回原因');
      refresh(qc, id);
    },
  });
}

export function useSetScaleOnline(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (online: boolean) => api.post<null>(`/api/audit/scales/${id}/online`, { online }),
    onSuccess: (_r, online) => {
      toast.success(online ? '量表已上线' : '量表已下线，用户将无法再开始这个量表');
      refresh(qc, id);
    },
  });
}
