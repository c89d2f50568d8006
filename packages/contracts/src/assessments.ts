import { z } from 'zod';
import { boundedInt, fen, id, INT4_MAX, page, pageQuery } from './common';
import { PHONE_PATTERN } from './auth';
import { regionPath } from './regions';
import { scaleAlertResult, scaleBandResult, scaleDimensionResult } from './scales';

export const contentStatuses = ['draft', 'pending_review', 'published', 'rejected', 'offline'] as const;
export const contentStatusLabels: Record<(typeof contentStatuses)[number], string> = {
  draft: '草稿',
  pending_review: '待审核',
  published: '已发布',
  rejected: '已驳回',
  offline: '已下线',
};
export type ContentStatus = (typeof contentStatuses)[number];

// ---- catalogue ----

export const scaleSummary = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  shortName: z.string(),
  intro: z.string(),
  category: z.string(),
  itemCount: z.number().int(),
  estimatedMinutes: z.number().int(),
  /** Price of the full report in fen; 0 means the full report is free. */
  priceFen: fen,
  builtin: z.boolean(),
  authorName: z.string().nullable(),
  takenCount: z.number().int(),
});
export type ScaleSummary = z.infer<typeof scaleSummary>;

export const scaleDetail = scaleSummary.extend({
  instructions: z.string(),
  timeframe: z.string(),
  source: z.string().nullable(),
});
export type ScaleDetail = z.infer<typeof scaleDetail>;

export const scaleSorts = ['catalogue', 'popular'] as const;
export type ScaleSort = (typeof scaleSorts)[number];

export const catalogQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(12),
  keyword: z.string().trim().max(50).optional(),
  category: z.string().trim().max(20).optional(),
  /** free: full report free; paid: full report paid. */
  price: z.enum(['free', 'paid']).optional(),
  /** catalogue: built-ins first, oldest first; popular: most taken first (home 热门测评). */
  sort: z.enum(scaleSorts, { error: '排序方式不正确' }).default('catalogue'),
});

export const formField = z.object({
  key: z.string().regex(/^[a-z][a-zA-Z0-9]{0,30}$/),
  label: z.string().min(1).max(30),
  type: z.enum(['text', 'select']),
  required: z.boolean(),
  options: z.array(z.string().min(1).max(30)).max(20).optional(),
});
export type FormField = z.infer<typeof formField>;

export const planSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  intro: z.string(),
  itemCount: z.number().int(),
  estimatedMinutes: z.number().int(),
  priceFen: fen,
  scales: z.array(z.object({ id: z.number().int(), name: z.string(), shortName: z.string() })),
  takenCount: z.number().int(),
});
export type PlanSummary = z.infer<typeof planSummary>;

export const planDetail = planSummary.extend({
  guidance: z.string(),
  consentText: z.string(),
  formFields: z.array(formField),
  requiresApproval: z.boolean(),
});
export type PlanDetail = z.infer<typeof planDetail>;

export const activitySummary = z.object({
  id: z.number().int(),
  title: z.string(),
  intro: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  phase: z.enum(['upcoming', 'ongoing', 'ended']),
  target: z.object({ kind: z.enum(['scale', 'plan']), id: z.number().int(), name: z.string() }),
  institution: z.string().nullable(),
  participantCount: z.number().int(),
});
export type ActivitySummary = z.infer<typeof activitySummary>;

export const activityDetail = activitySummary.extend({ formFields: z.array(formField) });
export type ActivityDetail = z.infer<typeof activityDetail>;

// ---- taking an assessment ----

export const startAssessmentBody = z
  .object({
    scaleId: id().optional(),
    planId: id().optional(),
    activityId: id().optional(),
  })
  .refine(
    (b) => (b.scaleId ? 1 : 0) + (b.planId ? 1 : 0) + (b.activityId ? 1 : 0) === 1,
    '请选择要进行的量表、方案或活动',
  );
export type StartAssessmentBody = z.infer<typeof startAssessmentBody>;

export const consentBody = z.object({
  accepted: z.literal(true, { error: '请阅读并同意知情同意书' }),
});

export const basicInfoBody = z.object({
  name: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(20, '姓名最多20个字'),
  gender: z.enum(['male', 'female'], { error: '请选择性别' }),
  age: z
    .number({ error: '请输入年龄' })
    .int('年龄须为整数')
    .min(6, '年龄应在6到100岁之间')
    .max(100, '年龄应在6到100岁之间'),
  regionCode: z
    .string({ error: '请选择所在地区' })
    .refine((c) => regionPath(c) !== null, '请选择正确的所在地区（省/市/区县）'),
  phone: z.string().regex(PHONE_PATTERN, '请输入正确的11位手机号').nullable().optional(),
  /** Answers to the plan's or activity's own fields, by field key. */
  extra: z.record(z.string(), z.string().max(100)).default({}),
});
export type BasicInfoBody = z.infer<typeof basicInfoBody>;

/**
 * What the basic-info form starts with: the person's last answers and their profile (gender,
 * birthday, the account's phone). Every field may be null; the person can change each one.
 */
export const basicInfoPrefill = z.object({
  name: z.string().nullable(),
  gender: z.enum(['male', 'female']).nullable(),
  age: z.number().int().nullable(),
  regionCode: z.string().nullable(),
  phone: z.string().nullable(),
  /** The plan's or activity's own fields answered before under the same key. */
  extra: z.record(z.string(), z.string()),
  /** When the answers this is taken from were given, null when only the profile was used. */
  lastGivenAt: z.string().nullable(),
});
export type BasicInfoPrefill = z.infer<typeof basicInfoPrefill>;

export const answerBody = z.object({
  part: boundedInt(0, INT4_MAX),
  item: boundedInt(1, INT4_MAX),
  /** Chosen option position, 1 = first; null clears the answer. */
  position: boundedInt(1, INT4_MAX).nullable(),
});

export const submitPartBody = z.object({
  part: boundedInt(0, INT4_MAX),
  /** Seconds the respondent spent on this scale, measured by the client. */
  durationSeconds: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .optional(),
});

export const takingItem = z.object({
  number: z.number().int(),
  text: z.string(),
  image: z.string().nullable(),
  options: z.array(z.object({ position: z.number().int(), label: z.string() })),
});

export const takingPart = z.object({
  index: z.number().int(),
  scaleId: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  instructions: z.string(),
  timeframe: z.string(),
  status: z.enum(['in_progress', 'submitted']),
  /** Only the items this respondent is shown. */
  items: z.array(takingItem),
  /** By item number: the chosen position, or null. */
  answers: z.record(z.string(), z.number().int().nullable()),
});
export type TakingPart = z.infer<typeof takingPart>;

export const assessmentState = z.object({
  id: z.number().int(),
  kind: z.enum(['scale', 'plan']),
  title: z.string(),
  status: z.enum(['in_progress', 'submitted']),
  guidance: z.string().nullable(),
  consentText: z.string(),
  consentAcceptedAt: z.string().nullable(),
  basicInfo: basicInfoBody.nullable(),
  formFields: z.array(formField),
  parts: z.array(takingPart),
  /** What the respondent should do next. */
  next: z.enum(['guidance', 'consent', 'basic_info', 'questions', 'done']),
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
});
export type AssessmentState = z.infer<typeof assessmentState>;

// ---- results and reports ----

export const reportAccess = z.enum(['locked', 'pending_approval', 'returned', 'available']);
export const reportAccessLabels: Record<z.infer<typeof reportAccess>, string> = {
  locked: '待解锁',
  pending_approval: '待专家审核',
  returned: '已退回修改',
  available: '可查看',
};

/** How long a report's review usually takes, said before paying. */
export const REPORT_REVIEW_TIME = '通常 1 个工作日内';
/** awaiting_payment: a paid report's review is asked for when it is paid, not before. */
export const reportReviewStatuses = ['awaiting_payment', 'pending', 'returned', 'approved'] as const;
export type ReportReviewStatus = (typeof reportReviewStatuses)[number];
export const reportReviewStatusLabels: Record<ReportReviewStatus, string> = {
  awaiting_payment: '支付后审核',
  pending: '审核中',
  returned: '已退回',
  approved: '已通过',
};
/** What the person reads about the review of their report, before paying and after. */
export const reportReviewText = {
  beforePay: `本报告需由专业人员审核后出具，${REPORT_REVIEW_TIME}完成；审核结果会通过站内消息通知你。`,
  awaitingPayment: (expectedBy: string | null) =>
    `本报告需由专业人员审核后出具，支付完成后开始审核${expectedBy ? `，现在支付预计 ${expectedBy} 前完成` : `，${REPORT_REVIEW_TIME}完成`}；审核结果会通过站内消息通知你。`,
  pending: (expectedBy: string | null) =>
    `专业人员正在审核你的报告${expectedBy ? `，预计 ${expectedBy} 前完成` : ''}，审核通过后会通知你。`,
  returned: (reason: string | null) =>
    `报告已退回修订${reason ? `，原因：${reason}` : ''}。专业人员修订后会再次审核，出具后会通知你。`,
  approved: (comment: string | null) =>
    comment ? `报告已通过专业人员审核。审核意见：${comment}` : '报告已通过专业人员审核。',
};

/**
 * What the full report of one assessment really holds, so the page selling it promises only
 * that: a profile only for a scale with dimensions, a norm comparison only where norms exist
 * (SCL-90), a comparison only when the person took the scale before …
 */
export const reportContents = z.object({
  /** Band interpretation and advice, or the screen's summary and each dimension's texts. */
  interpretation: z.boolean(),
  /** The main score on its band scale (a chart with the cut-offs). */
  scoreScale: z.boolean(),
  standard: z.boolean(),
  /** The dimension (factor) profile chart, each dimension explained. */
  profile: z.boolean(),
  /** The profile and indices against published norms. */
  norms: z.boolean(),
  /** Earlier results of the same scale to compare with. */
  trend: z.boolean(),
  /** Answers that drove the result. */
  highItems: z.boolean(),
  alerts: z.boolean(),
  /** The reviewing expert's or auditor's comment. */
  review: z.boolean(),
  experts: z.boolean(),
  courses: z.boolean(),
});
export type ReportContents = z.infer<typeof reportContents>;

/** One promised part: `title` for the list before paying, `short` for one sentence. */
export interface ReportContentItem {
  key: keyof ReportContents | 'next' | 'pdf';
  title: string;
  short: string;
}

/** The promised contents in words, in the order the report shows them. */
export function reportContentItems(c: ReportContents): ReportContentItem[] {
  const items: (ReportContentItem & { when: boolean })[] = [
    {
      key: 'interpretation',
      when: c.interpretation,
      title: '结果解读与针对性建议：得分处在什么水平、意味着什么，接下来可以怎样照顾自己',
      short: '结果解读与建议',
    },
    {
      key: 'scoreScale',
      when: c.scoreScale,
      title: '得分在分级区间上的位置（分级图，标出各级分界）',
      short: '分级区间图',
    },
    { key: 'standard', when: c.standard, title: '标准分及其换算方法', short: '标准分' },
    {
      key: 'profile',
      when: c.profile,
      title: c.norms
        ? '因子剖面图（与中国常模对比），每个因子的解读与建议'
        : '维度剖面图，每个维度的解读与建议',
      short: c.norms ? '因子剖面图（与常模对比）' : '维度剖面图',
    },
    { key: 'trend', when: c.trend, title: '与既往结果对比：变化趋势图和分数的变化', short: '与既往结果对比' },
    { key: 'highItems', when: c.highItems, title: '影响结果较多的回答', short: '影响结果较多的回答' },
    { key: 'alerts', when: c.alerts, title: '预警说明与心理援助热线', short: '预警说明' },
    { key: 'review', when: c.review, title: '专业人员的审核意见', short: '审核意见' },
    {
      key: 'next',
      when: true,
      title: `建议与推荐：${[c.experts && '适合你的专家', c.courses && '相关课程', '建议复测日期']
        .filter(Boolean)
        .join('、')}`,
      short:
        c.experts || c.courses
          ? `${[c.experts && '专家', c.courses && '课程'].filter(Boolean).join('与')}推荐`
          : '复测建议',
    },
    { key: 'pdf', when: true, title: '可下载 PDF 或打印保存', short: 'PDF 报告' },
  ];
  return items.filter((i) => i.when).map(({ key, title, short }) => ({ key, title, short }));
}

export const partResult = z.object({
  scaleName: z.string(),
  shortName: z.string(),
  rawScore: z.number(),
  standardScore: z.number().nullable(),
  band: scaleBandResult.nullable(),
  dimensions: z.array(scaleDimensionResult),
  indices: z.record(z.string(), z.number()),
  /** The Chinese name of each index, e.g. { totalMean: '总均分' }. */
  indexLabels: z.record(z.string(), z.string()),
  positive: z.boolean(),
  alerts: z.array(scaleAlertResult),
  notes: z.array(z.string()),
  durationSeconds: z.number().int().nullable(),
});
export type PartResult = z.infer<typeof partResult>;

export const assessmentResult = z.object({
  id: z.number().int(),
  title: z.string(),
  submittedAt: z.string(),
  durationSeconds: z.number().int(),
  parts: z.array(partResult),
  /** An alert asks for the crisis resources to be shown now. */
  crisis: z.boolean(),
  hotlines: z.array(z.object({ name: z.string(), number: z.string(), note: z.string() })),
  report: z.object({
    access: reportAccess,
    priceFen: fen,
    orderId: z.number().int().nullable(),
    /** The reviewer's note when a report was returned. */
    comment: z.string().nullable(),
    /** Where the expert's review stands, for plans that need one (null: no review). */
    review: z
      .object({
        status: z.enum(reportReviewStatuses),
        /** What the person reads about it (reportReviewText). */
        message: z.string(),
        /** When a pending review is expected to be done (ISO); before paying, if paid now. */
        expectedBy: z.string().nullable(),
      })
      .nullable(),
    /** What the full report will hold, while it is locked (null once it is bought or free). */
    contents: reportContents.nullable(),
  }),
  /** True when interpretation and advice are included (the full report is open to the caller). */
  full: z.boolean(),
});
export type AssessmentResult = z.infer<typeof assessmentResult>;

export const assessmentListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(['scale', 'plan']),
  scaleId: z.number().int().nullable(),
  planId: z.number().int().nullable(),
  activityId: z.number().int().nullable(),
  status: z.enum(['in_progress', 'submitted']),
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
  /** The main band of each scale, e.g. ["PHQ-9 中度"]. */
  summary: z.array(z.string()),
  maxWarningLevel: z.number().int().nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }),
});
export type AssessmentListItem = z.infer<typeof assessmentListItem>;

/** 我的测评: a page of my assessments, newest first, of one status or all. */
export const myAssessmentsQuery = pageQuery.extend({
  status: z.enum(['in_progress', 'submitted'], { error: '测评状态不正确' }).optional(),
});
export type MyAssessmentsQuery = z.infer<typeof myAssessmentsQuery>;

export const myAssessmentsPage = page(assessmentListItem).extend({
  /** How many I have in each status, for the filter's labels. */
  counts: z.object({ all: z.number().int(), in_progress: z.number().int(), submitted: z.number().int() }),
});
export type MyAssessmentsPage = z.infer<typeof myAssessmentsPage>;

export const previewScoreBody = z.object({
  scaleCode: z.string().min(1, '请指定量表'),
  answers: z.array(boundedInt(1, INT4_MAX).nullable()),
  basicInfo: z.object({ gender: z.enum(['male', 'female']).optional() }).optional(),
});
