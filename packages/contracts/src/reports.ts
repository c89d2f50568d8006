import { z } from 'zod';
import { assessmentResult, basicInfoBody } from './assessments';
import { pageQuery, type PageParams } from './common';

export const reportStatuses = ['generated', 'approved', 'returned'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** The full report (JSON; the PDF has the same content). */
export const fullReport = z.object({ result: assessmentResult, basicInfo: basicInfoBody.nullable() });
export type FullReport = z.infer<typeof fullReport>;

/** `GET /api/expert/report-approvals?status=`: the expert's own people, or all for auditors. */
export const reportApprovalsQuery = pageQuery.extend({ status: z.enum(reportStatuses).optional() });
export type ReportApprovalsQuery = PageParams & { status?: ReportStatus };

/** A report that needs an expert's or auditor's approval before the person may read it. */
export const reportApproval = z.object({
  assessmentId: z.number().int(),
  title: z.string(),
  userName: z.string(),
  status: z.enum(reportStatuses),
  comment: z.string().nullable(),
  submittedAt: z.string().nullable(),
});
export type ReportApproval = z.infer<typeof reportApproval>;

/** One page, and how many reports the caller may approve are in each status. */
export const reportApprovalPage = z.object({
  list: z.array(reportApproval),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  counts: z.record(z.enum(reportStatuses), z.number().int()),
});
export type ReportApprovalPage = z.infer<typeof reportApprovalPage>;

export const reportDecisionBody = z.object({
  approve: z.boolean(),
  comment: z.string().trim().max(500).optional(),
});
export type ReportDecisionBody = z.infer<typeof reportDecisionBody>;
