import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { assessmentKeys, type ReportStatus } from './assessments';

/** A report that needs an expert's or auditor's approval before the person may read it. */
export interface ReportApproval {
  assessmentId: number;
  title: string;
  userName: string;
  status: ReportStatus;
  comment: string | null;
  submittedAt: string | null;
}

const approvalKeys = { all: ['report-approvals'] as const };

export const reportApprovalsQuery = queryOptions({
  queryKey: approvalKeys.all,
  queryFn: () => api.get<ReportApproval[]>('/api/expert/report-approvals', undefined, { silent: true }),
});

export function useReportApprovals() {
  return useQuery(reportApprovalsQuery);
}

export function useReviewReport(assessmentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { approve: boolean; comment?: string }) =>
      api.post<null>(`/api/expert/report-approvals/${assessmentId}`, body),
    onSuccess: (_r, body) => {
      toast.success(body.approve ? '报告已通过，用户现在可以查看' : '报告已退回');
      void qc.invalidateQueries({ queryKey: approvalKeys.all });
      void qc.invalidateQueries({ queryKey: assessmentKeys.detail(assessmentId) });
      void qc.invalidateQueries({ queryKey: assessmentKeys.list() });
    },
  });
}
