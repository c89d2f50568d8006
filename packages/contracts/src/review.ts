import { z } from 'zod';
import { pageQuery, type PageParams } from './common';

/** What can be submitted for review. */
export const reviewKinds = ['scale', 'report', 'course', 'tweet', 'transfer'] as const;
export type ReviewKind = (typeof reviewKinds)[number];
export const reviewKindLabels: Record<ReviewKind, string> = {
  scale: '量表',
  report: '测评报告',
  course: '课程',
  tweet: '专家动态',
  transfer: '用户转介',
};

/** `withdrawn`: the submitter took a pending request back before anyone decided it (a transfer). */
export const reviewStatuses = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];
export const reviewStatusLabels: Record<ReviewStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
  withdrawn: '已撤回',
};

/** `GET /api/audit/inbox?kind=&status=&pageNum=&pageSize=`; status defaults to pending. */
export const reviewInboxQuery = pageQuery.extend({
  kind: z.enum(reviewKinds).optional(),
  status: z.enum(reviewStatuses).default('pending'),
});
export type ReviewInboxQuery = z.infer<typeof reviewInboxQuery>;
export type ReviewInboxParams = PageParams & {
  kind?: ReviewKind | undefined;
  status?: ReviewStatus | undefined;
};

export const reviewRequest = z.object({
  id: z.number().int(),
  kind: z.enum(reviewKinds),
  itemId: z.number().int(),
  version: z.number().int(),
  status: z.enum(reviewStatuses),
  title: z.string(),
  /** Where an auditor opens the item. */
  link: z.string().nullable(),
  submittedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reviewer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ReviewRequest = z.infer<typeof reviewRequest>;

/** One page of the inbox, and how many requests of each kind have the asked status. */
export const reviewInbox = z.object({
  list: z.array(reviewRequest),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  counts: z.record(z.enum(reviewKinds), z.number().int()),
});
export type ReviewInbox = z.infer<typeof reviewInbox>;

/** Approve, or reject with a reason (the workflow names the reason when it is missing). */
export const reviewDecisionBody = z.object({
  approve: z.boolean(),
  reason: z.string().trim().max(300).optional(),
});
export type ReviewDecisionBody = z.infer<typeof reviewDecisionBody>;
