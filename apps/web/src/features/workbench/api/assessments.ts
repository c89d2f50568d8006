import type { ExpertAssessment, ExpertAssessmentPage, ExpertAssessmentsQuery } from '@psy/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type { ExpertAssessment, ReportStatus } from '@psy/contracts';

export const assessmentKeys = {
  all: ['workbench-assessments'] as const,
  list: (q: ExpertAssessmentsQuery) => [...assessmentKeys.all, 'list', q] as const,
  detail: (id: number) => [...assessmentKeys.all, 'detail', id] as const,
};

/** One page of the assessments of the people the expert serves (auditors: everyone). */
export const expertAssessmentsQuery = (q: ExpertAssessmentsQuery) =>
  queryOptions({
    queryKey: assessmentKeys.list(q),
    queryFn: () => api.get<ExpertAssessmentPage>('/api/expert/assessments', q, { silent: true }),
    placeholderData: keepPreviousData,
  });

export function useExpertAssessments(q: ExpertAssessmentsQuery) {
  return useQuery(expertAssessmentsQuery(q));
}

export const expertAssessmentQuery = (id: number) =>
  queryOptions({
    queryKey: assessmentKeys.detail(id),
    queryFn: () => api.get<ExpertAssessment>(`/api/expert/assessments/${id}`, undefined, { silent: true }),
  });

export function useExpertAssessment(id: number) {
  return useQuery({ ...expertAssessmentQuery(id), enabled: id > 0 });
}
