import type {
  AssessmentListItem,
  AssessmentState,
  BasicInfoBody,
  BasicInfoPrefill,
  MyAssessmentsPage,
  StartAssessmentBody,
} from '@psy/contracts';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Taking an assessment: start or resume, consent, basic info, answers, submitting each scale. */

export const assessmentQuery = (id: number) =>
  queryOptions({
    queryKey: ['assessment', id],
    queryFn: () => api.get<AssessmentState>(`/api/assessment/${id}`, undefined, { silent: true }),
    // Always re-read on arrival: the same test may have gone on in another tab or device.
    staleTime: 0,
  });

export function useAssessment(id: number) {
  return useQuery({ ...assessmentQuery(id), enabled: id > 0 });
}

/** Everything about my assessments shares this prefix, so a start or a submit refreshes every page. */
const mineKey = ['assessments', 'mine'] as const;
export const myAssessmentsQuery = { queryKey: mineKey };

/** 我的测评: a page of my assessments, newest first, of one status or all. */
export function useMyAssessments(params: {
  pageNum: number;
  pageSize: number;
  status?: AssessmentListItem['status'];
}) {
  return useQuery({
    queryKey: [...mineKey, params],
    queryFn: () => api.get<MyAssessmentsPage>('/api/assessment/mine', params),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * My unfinished assessments (the newest hundred), for a scale's or plan's page to offer 继续测评;
 * starting again resumes the unfinished one anyway.
 */
export function useUnfinishedAssessments(enabled = true) {
  return useQuery({
    queryKey: [...mineKey, 'unfinished'],
    queryFn: async () =>
      (
        await api.get<MyAssessmentsPage>('/api/assessment/mine', {
          status: 'in_progress',
          // The most one page may hold.
          pageSize: 100,
        })
      ).list,
    staleTime: 0,
    enabled,
  });
}

function remember(qc: QueryClient, s: AssessmentState) {
  qc.setQueryData(assessmentQuery(s.id).queryKey, s);
}

/** Starts, or resumes the unfinished one the server already has for the same target. */
export function useStartAssessment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StartAssessmentBody) => api.post<AssessmentState>('/api/assessment/start', body),
    onSuccess: (s) => {
      remember(qc, s);
      void qc.invalidateQueries({ queryKey: myAssessmentsQuery.queryKey });
    },
  });
}

export function useAcceptConsent(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AssessmentState>(`/api/assessment/${id}/consent`, { accepted: true }),
    onSuccess: (s) => remember(qc, s),
  });
}

/** What the basic-info form starts with: the person's last answers and profile (silent: the form works without). */
export function useBasicInfoPrefill(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['assessment', id, 'basic-info-prefill'],
    queryFn: () =>
      api.get<BasicInfoPrefill>(`/api/assessment/${id}/basic-info/prefill`, undefined, { silent: true }),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

export function useSaveBasicInfo(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BasicInfoBody) => api.post<AssessmentState>(`/api/assessment/${id}/basic-info`, body),
    onSuccess: (s) => remember(qc, s),
  });
}

interface AnswerVars {
  part: number;
  item: number;
  position: number | null;
}

function withAnswer(s: AssessmentState, v: AnswerVars): AssessmentState {
  return {
    ...s,
    parts: s.parts.map((p) =>
      p.index === v.part ? { ...p, answers: { ...p.answers, [String(v.item)]: v.position } } : p,
    ),
  };
}

/**
 * Saves one answer the moment it is chosen. The cache shows it at once; a failed save puts
 * the previous answer back, so the screen never claims more than the server holds.
 */
export function useSaveAnswer(id: number) {
  const qc = useQueryClient();
  const key = assessmentQuery(id).queryKey;
  return useMutation({
    mutationFn: (v: AnswerVars) => api.put<{ saved: boolean }>(`/api/assessment/${id}/answer`, v),
    onMutate: (v) => {
      const before = qc.getQueryData(key);
      const previous = before?.parts.find((p) => p.index === v.part)?.answers[String(v.item)] ?? null;
      if (before) qc.setQueryData(key, withAnswer(before, v));
      return { previous };
    },
    onError: (_e, v, ctx) => {
      const now = qc.getQueryData(key);
      if (now && ctx) qc.setQueryData(key, withAnswer(now, { ...v, position: ctx.previous }));
    },
  });
}

export function useSubmitPart(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { part: number; durationSeconds: number }) =>
      api.post<AssessmentState>(`/api/assessment/${id}/submit`, v),
    onSuccess: (s) => {
      remember(qc, s);
      void qc.invalidateQueries({ queryKey: myAssessmentsQuery.queryKey });
      if (s.status === 'submitted') {
        // Taken counts on the catalogue change with every finished test.
        void qc.invalidateQueries({ queryKey: ['assessments', 'scales'] });
        void qc.invalidateQueries({ queryKey: ['assessments', 'plans'] });
      }
    },
    // The server names the first unanswered item; re-read so the page can go there.
    onError: () => void qc.invalidateQueries({ queryKey: assessmentQuery(id).queryKey }),
  });
}
