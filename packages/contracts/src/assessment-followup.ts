import { z } from 'zod';
import { assessmentListItem, assessmentResult, basicInfoBody } from './assessments';
import { idParam, pageQuery, type PageParams } from './common';
import { reportStatuses } from './reports';
import { warningStatuses } from './warnings';

export { ASSESSMENT_SEARCH_COUNT_MAX } from './constants';

/** `GET /api/expert/assessments`: the people the expert serves (auditors: everyone), newest first. */
export const expertAssessmentsQuery = pageQuery.extend({
  status: z.enum(['in_progress', 'submitted']).optional(),
  /** The highest warning level raised, or none raised. */
  level: z.enum(['1', '2', '3', 'none']).optional(),
  /** Part of the person's name or of the test's title. */
  keyword: z.string().trim().max(50).optional(),
  /** One person's assessments only (a transfer's receiver reads the person's history). */
  userId: idParam({ label: '用户编号' }).optional(),
});
export type ExpertAssessmentsQuery = PageParams & {
  status?: 'in_progress' | 'submitted' | undefined;
  level?: '1' | '2' | '3' | 'none' | undefined;
  keyword?: string | undefined;
  userId?: number | undefined;
};

export const expertAssessmentPage = z.object({
  list: z.array(assessmentListItem),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  /** Of all the caller may see (whatever the status filter), how many are submitted. */
  submittedCount: z.number().int(),
  /**
   * True when a name search matched more than `total` (`ASSESSMENT_SEARCH_COUNT_MAX`): it
   * counts no further, and its pages go on past `total`.
   */
  totalCapped: z.boolean().optional(),
});
export type ExpertAssessmentPage = z.infer<typeof expertAssessmentPage>;

/** One assessment as the expert (or an auditor) sees it: who, what they answered, the scores. */
export const expertAssessment = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(['in_progress', 'submitted']),
  user: z.object({ id: z.number().int(), name: z.string(), telephone: z.string() }),
  basicInfo: basicInfoBody.nullable(),
  /** Chinese names of the plan's and activity's own fields, by key. */
  extraLabels: z.record(z.string(), z.string()),
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
  result: assessmentResult.nullable(),
  answers: z.array(
    z.object({
      scaleName: z.string(),
      items: z.array(
        z.object({
          number: z.number().int(),
          text: z.string(),
          answer: z.string().nullable(),
          value: z.number().nullable(),
        }),
      ),
    }),
  ),
  warnings: z.array(
    z.object({
      id: z.number().int(),
      level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      reason: z.string(),
      status: z.enum(warningStatuses),
    }),
  ),
  report: z
    .object({
      status: z.enum(reportStatuses),
      comment: z.string().nullable(),
      requiresApproval: z.boolean(),
      /** A paid report not bought yet: its review is asked for once it is paid. */
      awaitingPayment: z.boolean(),
    })
    .nullable(),
});
export type ExpertAssessment = z.infer<typeof expertAssessment>;
