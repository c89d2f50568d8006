import { z } from 'zod';
import { assessmentResult, basicInfoBody } from './assessments';
import { fen, pageQuery, type PageParams } from './common';

export const reportStatuses = ['generated', 'approved', 'returned'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

// ---- the full report: what a paid report holds beyond the free result ----

/** A band of a band table as a scale shows it; null ends are open. */
export const reportBand = z.object({
  label: z.string(),
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type ReportBand = z.infer<typeof reportBand>;

/** The main score on its band scale: the range it can take, the cut-offs, where the person is. */
export const reportScoreScale = z.object({
  /** 总分 or 标准分: the score the bands are drawn on. */
  name: z.string(),
  value: z.number(),
  min: z.number(),
  max: z.number(),
  bands: z.array(reportBand),
  /** The band the value falls in. */
  label: z.string().nullable(),
});
export type ReportScoreScale = z.infer<typeof reportScoreScale>;

/** A published norm: the mean and standard deviation of a reference sample. */
export const reportNorm = z.object({ mean: z.number(), sd: z.number() });
export type ReportNorm = z.infer<typeof reportNorm>;

/** One dimension (SCL-90: factor) with its norm, whether it is positive, and what it means. */
export const reportDimension = z.object({
  key: z.string(),
  name: z.string(),
  score: z.number(),
  norm: reportNorm.nullable(),
  /** At or above the scale's positive cut-off (SCL-90: factor mean >= 2). */
  positive: z.boolean(),
  /** 无明显症状 / 轻度 / 中度 / 偏重 … or the dimension band's label. */
  level: z.string(),
  interpretation: z.string(),
  advice: z.string(),
});
export type ReportDimension = z.infer<typeof reportDimension>;

/** One earlier (or this) result of the same scale by the same person. */
export const reportTrendPoint = z.object({
  assessmentId: z.number().int(),
  submittedAt: z.string(),
  score: z.number(),
  label: z.string().nullable(),
  current: z.boolean(),
});
export type ReportTrendPoint = z.infer<typeof reportTrendPoint>;

/** An answer that drove the result: an item scored in the upper half of its range. */
export const reportItem = z.object({
  number: z.number().int(),
  text: z.string(),
  answer: z.string(),
  value: z.number(),
  dimension: z.string().nullable(),
});
export type ReportItem = z.infer<typeof reportItem>;

/** Everything the full report shows about one scale, beyond the free result's part. */
export const reportPart = z.object({
  scaleCode: z.string(),
  scaleName: z.string(),
  shortName: z.string(),
  scoreScale: reportScoreScale.nullable(),
  /** For a scale without a band table (SCL-90): what the screen says, in words. */
  summary: z.string().nullable(),
  /** The standard score and how it is made, e.g. 标准分 = 粗分 × 1.25 取整数部分. */
  standard: z.object({ name: z.string(), value: z.number(), note: z.string() }).nullable(),
  dimensions: z.array(reportDimension),
  /** The range dimension scores take, and the positive cut-off drawn on the profile chart. */
  dimensionRange: z
    .object({ min: z.number(), max: z.number(), positiveAt: z.number().nullable() })
    .nullable(),
  /** Norms of the reported indices (SCL-90 总分, 总均分 …), by score key. */
  indexNorms: z.record(z.string(), reportNorm),
  /** Where the norms come from, e.g. 金华等（1986）中国常模，N=1388. */
  normSource: z.string().nullable(),
  /** This and the person's earlier results of the same scale, oldest first. */
  trend: z.array(reportTrendPoint),
  /** Against the previous result: the difference and what it means. */
  change: z.object({ previous: z.number(), delta: z.number(), text: z.string() }).nullable(),
  highItems: z.array(reportItem),
});
export type ReportPart = z.infer<typeof reportPart>;

/** An expert whose specialties fit the result. */
export const reportExpert = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  title: z.string(),
  specialties: z.array(z.string()),
  institution: z.string().nullable(),
});
export type ReportExpert = z.infer<typeof reportExpert>;

/** A published course whose category fits the result. */
export const reportCourse = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  coverUrl: z.string().nullable(),
  priceFen: fen,
  expertName: z.string(),
  /** The course's page, /course/detail?id=. */
  link: z.string(),
});
export type ReportCourse = z.infer<typeof reportCourse>;

/** What the platform suggests next: experts and published courses that fit, a retest date. */
export const reportNextSteps = z.object({
  experts: z.array(reportExpert),
  courses: z.array(reportCourse),
  /** YYYY-MM-DD (Beijing). */
  retestOn: z.string(),
  retestNote: z.string(),
});
export type ReportNextSteps = z.infer<typeof reportNextSteps>;

/** The reviewer's approval, when the plan asked for one. */
export const reportReview = z.object({
  reviewerName: z.string().nullable(),
  comment: z.string().nullable(),
  decidedAt: z.string(),
});
export type ReportReview = z.infer<typeof reportReview>;

/** The full report (JSON; the PDF has the same content and the same charts). */
export const fullReport = z.object({
  result: assessmentResult,
  basicInfo: basicInfoBody.nullable(),
  /** In the order of result.parts. */
  parts: z.array(reportPart),
  review: reportReview.nullable(),
  /** The person's institution (or their expert's); null for a person on their own. */
  institution: z.string().nullable(),
  next: reportNextSteps,
  generatedAt: z.string(),
});
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
