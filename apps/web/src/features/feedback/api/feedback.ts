import type {
  FeedbackBody,
  FeedbackDetail,
  FeedbackEditBody,
  FeedbackKind,
  FeedbackListQuery,
  FeedbackOn,
  FeedbackPage,
  MyFeedbackPage,
  MyFeedbackQuery,
  PublicFeedbackPage,
} from '@psy/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { notificationKeys } from '../../../lib/unread-summary';
import { usePagedQuery, useItemQuery } from '../../../lib/queries';

export type { FeedbackDetail, FeedbackItem, FeedbackKind } from '@psy/contracts';

const keys = {
  mine: ['user-feedback'] as const,
  expert: ['expert-feedback'] as const,
  audit: ['audit-feedback'] as const,
  public: ['public-feedback'] as const,
  experts: ['experts'] as const,
};

/** After any change every list and detail of feedback is stale; ratings and notifications too. */
function useRefresh() {
  const qc = useQueryClient();
  return () => {
    for (const key of [keys.mine, keys.expert, keys.audit, keys.public, keys.experts, notificationKeys.all])
      void qc.invalidateQueries({ queryKey: key });
  };
}

// ---- the person ----

/** My feedback on one object (with the expert's reply), or whether I may leave one. */
export function useFeedbackOn(kind: FeedbackKind, objectId: number, enabled = true) {
  return useQuery({
    queryKey: [...keys.mine, 'on', kind, objectId],
    queryFn: () => api.get<FeedbackOn>('/api/user/feedback/on', { kind, objectId }, { silent: true }),
    enabled: enabled && objectId > 0,
  });
}

export function useMyFeedback(q: MyFeedbackQuery) {
  return usePagedQuery<MyFeedbackPage>([...keys.mine, 'list', q], '/api/user/feedback', q);
}

export function useLeaveFeedback() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: FeedbackBody) => api.post<FeedbackDetail>('/api/user/feedback', body),
    onSuccess: () => {
      toast.success('感谢您的反馈，专家会尽快处理');
      refresh();
    },
  });
}

export function useEditFeedback(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: FeedbackEditBody) => api.put<FeedbackDetail>(`/api/user/feedback/${id}`, body),
    onSuccess: () => {
      toast.success('反馈已修改');
      refresh();
    },
  });
}

// ---- the expert addressed ----

export function useExpertFeedbackList(q: FeedbackListQuery) {
  return usePagedQuery<FeedbackPage>([...keys.expert, 'list', q], '/api/expert/feedback', q);
}

export function useExpertFeedback(id: number) {
  return useItemQuery<FeedbackDetail>([...keys.expert, 'one', id], id, `/api/expert/feedback/${id}`);
}

export function useHandleFeedback(id: number) {
  const refresh = useRefresh();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reply: string) =>
      api.post<FeedbackDetail>(`/api/expert/feedback/${id}/handle`, reply.trim() ? { reply } : {}),
    onSuccess: (f) => {
      toast.success(f.reply ? '已回复并标记为已处理，用户会收到通知' : '已标记为已处理');
      qc.setQueryData([...keys.expert, 'one', id], f);
      refresh();
    },
  });
}

// ---- auditors ----

export function useAuditFeedbackList(q: FeedbackListQuery) {
  return usePagedQuery<FeedbackPage>([...keys.audit, 'list', q], '/api/audit/feedback', q);
}

// ---- everyone ----

/** An expert's consultation feedback as everyone reads it (names masked). */
export function usePublicFeedback(expertId: number, pageNum: number, pageSize: number) {
  return usePagedQuery<PublicFeedbackPage>(
    [...keys.public, expertId, pageNum, pageSize],
    `/api/expert/detail/${expertId}/feedback`,
    { pageNum, pageSize },
    expertId > 0,
  );
}
