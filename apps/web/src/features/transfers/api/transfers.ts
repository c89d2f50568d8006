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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { notificationKeys } from '../../../lib/unread-summary';
import { usePagedQuery, useItemQuery } from '../../../lib/queries';

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
  return usePagedQuery<ExpertTransfersPage>([...keys.expert, 'list', q], '/api/expert/transfers', q);
}

export function useExpertTransfer(id: number) {
  return useItemQuery<TransferDetail>([...keys.expert, 'one', id], id, `/api/expert/transfers/${id}`);
}

/** The people the expert follows up, for the 发起转介 form. */
export function useTransferPeople(keyword: string, enabled: boolean) {
  return usePagedQuery<TransferPerson[]>(
    [...keys.expert, 'people', keyword],
    '/api/expert/transfers/people',
    { keyword },
    enabled,
  );
}

/** Experts who may receive a transfer, searched by name, institution or title. */
export function useTransferReceivers(keyword: string, enabled: boolean) {
  return usePagedQuery<TransferReceiver[]>(
    [...keys.expert, 'receivers', keyword],
    '/api/expert/transfers/receivers',
    { keyword },
    enabled,
  );
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
  return usePagedQuery<UserTransfersPage>([...keys.mine, 'list', q], '/api/user/transfers', q);
}

export function useMyTransfer(id: number) {
  return useItemQuery<TransferDetail>([...keys.mine, 'one', id], id, `/api/user/transfers/${id}`);
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
  return usePagedQuery<ReviewInbox>(
    ['audit-inbox', { kind: 'transfer', status, pageNum, pageSize }],
    '/api/audit/inbox',
    { kind: 'transfer', status, pageNum, pageSize },
  );
}

export function useAuditTransfer(id: number) {
  return useItemQuery<TransferDetail>([...keys.audit, 'one', id], id, `/api/audit/transfers/${id}`);
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
