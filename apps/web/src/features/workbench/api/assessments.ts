import type { AssessmentListItem, AssessmentResult, BasicInfoBody } from '@psy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { WarningLevel, WarningStatus } from './warnings';

export type ReportStatus = 'generated' | 'approved' | 'returned';

/** One assessment as the expert (or an auditor) sees it: who, what they answered, the scores. */
export interface ExpertAssessment {
  id: number;
  title: string;
  status: 'in_progress' | 'submitted';
  user: { id: number; name: string; telephone: string };
  basicInfo: BasicInfoBody | null;
  /** Chinese names of the plan's and activity's own fields, by key. */
  extraLabels: Record<string, string>;
  startedAt: string;
  submittedAt: string | null;
  result: AssessmentResult | null;
  answers: {
    scaleName: string;
    items: { number: number; text: string; answer: string | null; value: number | null }[];
  }[];
  warnings: { id: number; level: WarningLevel; reason: string; status: WarningStatus }[];
  report: { status: ReportStatus; comment: string | null; requiresApproval: boolean } | null;
}

export const assessmentKeys = {
  all: ['workbench-assessments'] as const,
  list: () => [...assessmentKeys.all, 'list'] as const,
  detail: (id: number) => [...assessmentKeys.all, 'detail', id] as const,
};

export const expertAssessmentsQuery = queryOptions({
  queryKey: assessmentKeys.list(),
  queryFn: () => api.get<AssessmentListItem[]>('/api/expert/assessments', undefined, { silent: true }),
});

export function useExpertAssessments() {
  return useQuery(expertAssessmentsQuery);
}

export const expertAssessmentQuery = (id: number) =>
  queryOptions({
    queryKey: assessmentKeys.detail(id),
    queryFn: () => api.get<ExpertAssessment>(`/api/expert/assessments/${id}`, undefined, { silent: true }),
  });

export function useExpertAssessment(id: number) {
  return useQuery({ ...expertAssessmentQuery(id), enabled: id > 0 });
}
