import type {
  CooperationBody,
  CooperationClosingBody,
  CooperationDetail,
  CooperationExpert,
  CooperationMessage,
  CooperationPerson,
  ExpertCooperationsPage,
  ExpertCooperationsQuery,
  PersonalRecord,
  RecordViewsPage,
} from '@psy/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { notificationKeys } from '../../../lib/unread-summary';
import { usePagedQuery, useItemQuery } from '../../../lib/queries';

export type { CooperationDetail, CooperationItem, PersonalRecord, RecordEntry } from '@psy/contracts';

const keys = {
  record: ['record'] as const,
  views: ['record-views'] as const,
  cooperations: ['cooperations'] as const,
};

// ---- the record ----

/**
 * A person's record. Every fetch is an opening written to the audit log (and shown to the
 * person), so it is fetched once per visit: never again on focus, on an interval or because
 * time passed, only when the page is opened again or asks to (retry).
 */
export function useRecord(userId: number, enabled = true) {
  return useQuery({
    queryKey: [...keys.record, userId],
    queryFn: () => api.get<PersonalRecord>(`/api/expert/records/${userId}`, undefined, { silent: true }),
    enabled: enabled && userId > 0,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}

/** Who opened my record (the person's own page). */
export function useRecordViews(pageNum: number, pageSize: number) {
  return usePagedQuery<RecordViewsPage>([...keys.views, pageNum, pageSize], '/api/user/record-views', {
    pageNum,
    pageSize,
  });
}

// ---- cooperations ----

function useRefresh() {
  const qc = useQueryClient();
  return (c?: CooperationDetail) => {
    void qc.invalidateQueries({ queryKey: [...keys.cooperations, 'list'] });
    void qc.invalidateQueries({ queryKey: notificationKeys.all });
    if (c) qc.setQueryData([...keys.cooperations, 'one', c.id], c);
  };
}

export function useCooperations(q: ExpertCooperationsQuery) {
  return usePagedQuery<ExpertCooperationsPage>(
    [...keys.cooperations, 'list', q],
    '/api/expert/cooperations',
    q,
  );
}

export function useCooperation(id: number) {
  return useItemQuery<CooperationDetail>(
    [...keys.cooperations, 'one', id],
    id,
    `/api/expert/cooperations/${id}`,
  );
}

/** The people I serve, for the 发起协作 form. */
export function useCooperationPeople(keyword: string, enabled: boolean) {
  return usePagedQuery<CooperationPerson[]>(
    [...keys.cooperations, 'people', keyword],
    '/api/expert/cooperations/people',
    { keyword },
    enabled,
  );
}

/** Experts who may be invited, searched by name, institution or title. */
export function useCooperationInvitees(keyword: string, enabled: boolean) {
  return usePagedQuery<CooperationExpert[]>(
    [...keys.cooperations, 'invitees', keyword],
    '/api/expert/cooperations/invitees',
    { keyword },
    enabled,
  );
}

export function useInvite() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CooperationBody) => api.post<CooperationDetail>('/api/expert/cooperations', body),
    onSuccess: (c) => {
      toast.success('已发出协作邀请，等待对方接受');
      refresh(c);
    },
  });
}

type Step = 'accept' | 'decline' | 'withdraw' | 'end';
const stepDone: Record<Step, string> = {
  accept: '已接受协作邀请，现在可以查阅共享的档案',
  decline: '已拒绝协作邀请',
  withdraw: '协作邀请已撤回',
  end: '协作已结束',
};

/** Accept, decline (with an optional reason), withdraw or end. */
export function useCooperationStep(id: number) {
  const refresh = useRefresh();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ step, body }: { step: Step; body?: CooperationClosingBody }) =>
      api.post<CooperationDetail>(`/api/expert/cooperations/${id}/${step}`, body),
    onSuccess: (c, { step }) => {
      toast.success(stepDone[step]);
      refresh(c);
      void qc.invalidateQueries({ queryKey: [...keys.cooperations, 'messages', id] });
    },
  });
}

/** The thread, asked again every 15 s while the page is open (and at once after a send). */
export function useCooperationMessages(id: number, live: boolean) {
  return useQuery({
    queryKey: [...keys.cooperations, 'messages', id],
    queryFn: () =>
      api.get<CooperationMessage[]>(`/api/expert/cooperations/${id}/messages`, undefined, { silent: true }),
    enabled: id > 0,
    refetchInterval: live ? 15_000 : false,
  });
}

export function usePostMessage(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.post<CooperationMessage[]>(`/api/expert/cooperations/${id}/messages`, { body }),
    onSuccess: (list) => qc.setQueryData([...keys.cooperations, 'messages', id], list),
  });
}
