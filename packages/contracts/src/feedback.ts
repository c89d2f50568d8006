import { z } from 'zod';
import { boundedInt, id, idParam, page, pageQuery, type PageParams } from './common';

/**
 * 反馈: a person's rating (1–5) and words about something they had from an expert — a
 * completed booking, a report they paid for or unlocked, a course they bought. The expert it is
 * about handles it (`open -> handled`, with or without a reply); booking feedback makes up the
 * expert's public rating.
 */
export const feedbackKinds = ['booking', 'report', 'course'] as const;
export type FeedbackKind = (typeof feedbackKinds)[number];
export const feedbackKindLabels: Record<FeedbackKind, string> = {
  booking: '咨询预约',
  report: '测评报告',
  course: '课程',
};

export const feedbackStatuses = ['open', 'handled'] as const;
export type FeedbackStatus = (typeof feedbackStatuses)[number];
export const feedbackStatusLabels: Record<FeedbackStatus, string> = {
  open: '待处理',
  handled: '已处理',
};

export const FEEDBACK_CONTENT_MIN = 5;
export const FEEDBACK_CONTENT_MAX = 500;
export const FEEDBACK_REPLY_MAX = 500;
/** What other users read instead of the name of someone who chose to stay anonymous. */
export const ANONYMOUS_NAME = '匿名用户';

const kind = z.enum(feedbackKinds, { error: '反馈对象类型不正确' });
const rating = boundedInt(1, 5, { message: '评分须为1到5分', required: '请选择评分' });
const content = z
  .string({ error: '请填写反馈内容' })
  .trim()
  .min(FEEDBACK_CONTENT_MIN, `反馈内容至少${FEEDBACK_CONTENT_MIN}个字`)
  .max(FEEDBACK_CONTENT_MAX, `反馈内容最多${FEEDBACK_CONTENT_MAX}个字`);
const anonymous = z.boolean({ error: '匿名设置不正确' }).default(false);

/** `POST /api/user/feedback`: what the feedback is about, the rating and the words. */
export const feedbackBody = z.object({
  kind,
  objectId: id({ label: '反馈对象', required: '请选择反馈对象' }),
  rating,
  content,
  anonymous,
});
export type FeedbackBody = z.input<typeof feedbackBody>;

/** `PUT /api/user/feedback/:id`: the person changes their words before the expert handles them. */
export const feedbackEditBody = z.object({ rating, content, anonymous });
export type FeedbackEditBody = z.input<typeof feedbackEditBody>;

/** `POST /api/expert/feedback/:id/handle`: marks it handled; a reply, when given, goes to the person. */
export const feedbackHandleBody = z.object({
  reply: z
    .string({ error: '回复内容不正确' })
    .trim()
    .max(FEEDBACK_REPLY_MAX, `回复最多${FEEDBACK_REPLY_MAX}个字`)
    .optional(),
});
export type FeedbackHandleBody = z.input<typeof feedbackHandleBody>;

export const feedbackIdParams = z.object({ id: idParam({ label: '反馈编号' }) });

/** `GET /api/user/feedback/on?kind=&objectId=`: my feedback on one object, and whether I may leave one. */
export const feedbackOnQuery = z.object({ kind, objectId: idParam({ label: '反馈对象' }) });
export type FeedbackOnQuery = z.input<typeof feedbackOnQuery>;

/** Lists of the expert and the auditors: by state and kind. */
export const feedbackListQuery = pageQuery.extend({
  status: z.enum(feedbackStatuses, { error: '状态不正确' }).optional(),
  kind: kind.optional(),
});
export type FeedbackListQuery = PageParams & {
  status?: FeedbackStatus | undefined;
  kind?: FeedbackKind | undefined;
};

export const myFeedbackQuery = pageQuery;
export type MyFeedbackQuery = PageParams;

/** What the feedback is about, with the page the reader opens it on. */
export const feedbackSubject = z.object({
  kind,
  id: z.number().int(),
  title: z.string(),
  /** The page the reader opens it on (null: none for this reader, e.g. an auditor and a booking). */
  link: z.string().nullable(),
});
export type FeedbackSubject = z.infer<typeof feedbackSubject>;

export const feedbackItem = z.object({
  id: z.number().int(),
  status: z.enum(feedbackStatuses),
  rating: z.number().int(),
  content: z.string(),
  anonymous: z.boolean(),
  subject: feedbackSubject,
  /** Who wrote it (the handling expert and the auditors see the name; it is the writer's own otherwise). */
  user: z.object({ id: z.number().int(), name: z.string() }),
  expert: z.object({ id: z.number().int(), name: z.string() }),
  reply: z.string().nullable(),
  handledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;

export const feedbackDetail = feedbackItem.extend({
  /** What the caller may do now. */
  can: z.object({ edit: z.boolean(), handle: z.boolean() }),
});
export type FeedbackDetail = z.infer<typeof feedbackDetail>;

export const feedbackPage = page(feedbackItem).extend({
  /** How many of the list's scope are in each state (the kind filter applied). */
  counts: z.record(z.enum(feedbackStatuses), z.number().int()),
});
export type FeedbackPage = z.infer<typeof feedbackPage>;

export const myFeedbackPage = page(feedbackItem);
export type MyFeedbackPage = z.infer<typeof myFeedbackPage>;

/** My feedback on one object, or whether (and why not) I may leave one. */
export const feedbackOn = z.object({
  feedback: feedbackDetail.nullable(),
  /** I may leave feedback now (none yet, and the object takes it). */
  canLeave: z.boolean(),
  /** Why not, when there is none and I may not (e.g. 咨询完成后才能反馈). */
  reason: z.string().nullable(),
});
export type FeedbackOn = z.infer<typeof feedbackOn>;

/** A booking's feedback as everyone reads it on the expert's page. */
export const publicFeedback = z.object({
  id: z.number().int(),
  /** 匿名用户, or the masked name (张**). */
  name: z.string(),
  rating: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
});
export type PublicFeedback = z.infer<typeof publicFeedback>;

export const publicFeedbackQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(20).default(5),
});
export type PublicFeedbackQuery = PageParams;
export const publicFeedbackPage = page(publicFeedback);
export type PublicFeedbackPage = z.infer<typeof publicFeedbackPage>;
