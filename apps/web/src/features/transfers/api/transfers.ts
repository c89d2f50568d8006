import type {
  ExpertAssessmentPage,
  ExpertTransfersPage,
  ExpertTransfersQuery,
  ReviewDecisionBody,
  ReviewInbox,
  ReviewStatus,
  TransferBody,
  TransferDetail,
  TransferPerson,
  TransferReceiver,
  UserTransfersPage,
  UserTransfersQuery,
} from '@psy/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { notificationKeys } from '../../../lib/unread-summary';

export type { TransferDetail, TransferItem } from '@psy/contracts';

const keys = {
  expert: ['expert-transfers'] as const,
  mine: ['user-transfers'] as const,
  audit: ['audit-transfers'] as const,
};

/** After any step every list and detail of transfers is stale, the audit inbox and notifications too. */
function useRefresh() {
  const qc = useQueryClient();
  return (t?: TransferDetail) => {
    for (const key of [keys.expert, keys.mine, keys.audit, ['audit-inbox'], notificationKeys.all])
      void qc.invalidateQueries({ queryKey: key });
    if (t) {
      qc.setQueryData([...keys.expert, 'one', t.id], (old: TransferDetail | undefined) => (old ? t : old));
      qc.setQueryData([...keys.mine, 'one', t.id], (old: TransferDetail | undefined) => (old ? t : old));
    }
  };
}

// ---- experts ----

export function useExpertTransfers(q: ExpertTransfersQuery) {
  return useQuery({
    queryKey: [...keys.expert, 'list', q],
    queryFn: () => api.get<ExpertTransfersPage>('/api/expert/transfers', q, { silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useExpertTransfer(id: number) {
  return useQuery({
    queryKey: [...keys.expert, 'one', id],
    queryFn: () => api.get<TransferDetail>(`/api/expert/transfers/${id}`, undefined, { silent: true }),
    enabled: id > 0,
  });
}

/** The people the expert follows up, for the 发起转介 form. */
export function useTransferPeople(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.expert, 'people', keyword],
    queryFn: () => api.get<TransferPerson[]>('/api/expert/transfers/people', { keyword }, { silent: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Experts who may receive a transfer, searched by name, institution or title. */
export function useTransferReceivers(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.expert, 'receivers', keyword],
    queryFn: () =>
      api.get<TransferReceiver[]>('/api/expert/transfers/receivers', { keyword }, { silent: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useProposeTransfer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: TransferBody) => api.post<TransferDetail>('/api/expert/transfers', body),
    onSuccess: (t) => {
      toast.success('已发起转介，等待用户确认');
      refresh(t);
    },
  });
}

export function useWithdrawTransfer(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.post<TransferDetail>(`/api/expert/transfers/${id}/withdraw`),
    onSuccess: (t) => {
      toast.success('转介已撤回，用户会收到通知');
      refresh(t);
    },
  });
}

/** The person's assessments, read through the experts' own view (after a transfer: the receiver). */
export function usePersonAssessments(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.expert, 'history', userId],
    queryFn: () =>
      api.get<ExpertAssessmentPage>(
        '/api/expert/assessments',
        { userId, status: 'submitted', pageSize: 20 },
        { silent: true },
      ),
    enabled: enabled && userId > 0,
  });
}

// ---- the person ----

export function useMyTransfers(q: UserTransfersQuery) {
  return useQuery({
    queryKey: [...keys.mine, 'list', q],
    queryFn: () => api.get<UserTransfersPage>('/api/user/transfers', q, { silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useMyTransfer(id: number) {
  return useQuery({
    queryKey: [...keys.mine, 'one', id],
    queryFn: () => api.get<TransferDetail>(`/api/user/transfers/${id}`, undefined, { silent: true }),
    enabled: id > 0,
  });
}

export function useAnswerTransfer(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (a: { confirm: true } | { confirm: false; reason?: string }) =>
      a.confirm
        ? api.post<TransferDetail>(`/api/user/transfers/${id}/confirm`)
        : api.post<TransferDetail>(`/api/user/transfers/${id}/decline`, { reason: a.reason || undefined }),
    onSuccess: (t, a) => {
      toast.success(a.confirm ? '您已同意转介，平台审核后会通知您' : '您已拒绝转介，为您服务的专家不变');
      refresh(t);
    },
  });
}

// ---- auditors ----

/** The review inbox's transfers, by the state of their request. */
export function useTransferInbox(status: ReviewStatus, pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: ['audit-inbox', { kind: 'transfer', status, pageNum, pageSize }],
    queryFn: () =>
      api.get<ReviewInbox>(
        '/api/audit/inbox',
        { kind: 'transfer', status, pageNum, pageSize },
        { silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useAuditTransfer(id: number) {
  return useQuery({
    queryKey: [...keys.audit, 'one', id],
    queryFn: () => api.get<TransferDetail>(`/api/audit/transfers/${id}`, undefined, { silent: true }),
    enabled: id > 0,
  });
}

export function useDecideTransfer(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ReviewDecisionBody) => api.post<null>(`/api/audit/transfers/${id}/review`, body),
    onSuccess: (_r, body) => {
      toast.success(body.approve ? '已通过，转介已生效' : '已驳回，专家和用户会收到通知');
      refresh();
    },
  });
}
