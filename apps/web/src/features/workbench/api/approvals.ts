import type { ReportApprovalPage, ReportApprovalsQuery, ReportDecisionBody } from '@psy/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { assessmentKeys } from './assessments';

export type { ReportApproval, ReportApprovalPage } from '@psy/contracts';

const approvalKeys = {
  all: ['report-approvals'] as const,
  list: (q: ReportApprovalsQuery) => [...approvalKeys.all, q] as const,
};

/** One page of reports needing approval, with how many are in each status. */
export const reportApprovalsQuery = (q: ReportApprovalsQuery) =>
  queryOptions({
    queryKey: approvalKeys.list(q),
    queryFn: () => api.get<ReportApprovalPage>('/api/expert/report-approvals', q, { silent: true }),
    placeholderData: keepPreviousData,
  });

export function useReportApprovals(q: ReportApprovalsQuery) {
  return useQuery(reportApprovalsQuery(q));
}

export function useReviewReport(assessmentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportDecisionBody) =>
      api.post<null>(`/api/expert/report-approvals/${assessmentId}`, body),
    onSuccess: (_r, body) => {
      toast.success(body.approve ? '报告已通过，用户现在可以查看' : '报告已退回');
      void qc.invalidateQueries({ queryKey: approvalKeys.all });
      void qc.invalidateQueries({ queryKey: ['audit-inbox'] });
      void qc.invalidateQueries({ queryKey: assessmentKeys.detail(assessmentId) });
      void qc.invalidateQueries({ queryKey: assessmentKeys.all });
    },
  });
}
