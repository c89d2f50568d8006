import { z } from 'zod';
import { contentStatuses } from './assessments';
import { fen, idParam, pageQuery, type PageParams } from './common';
import { RICH_TEXT_MAX_CHARS } from './rich-text';

// ---- limits and constants (spec section 2, courses) ----

/** Categories a course is filed under; the catalogue filters by them. */
export const courseCategories = ['情绪管理', '亲密关系', '职场压力', '亲子教育', '睡眠', '自我成长'] as const;
export type CourseCategory = (typeof courseCategories)[number];

export const COURSE_LIMITS = {
  titleMax: 60,
  introMin: 20,
  introMax: 2000,
  /** 1000 yuan. */
  priceMaxFen: 100_000,
  chapters: 20,
  lessonsPerChapter: 30,
  lessonTitleMax: 60,
  /** A text lesson's HTML body: what the shared rich-text editor allows. */
  textBodyMax: RICH_TEXT_MAX_CHARS,
} as const;

/** Largest lesson video accepted (bytes): 500 MB. */
export const COURSE_VIDEO_MAX_BYTES = 500 * 1024 * 1024;
/** Largest cover image accepted (bytes): 5 MB. */
export const COURSE_COVER_MAX_BYTES = 5 * 1024 * 1024;
/** A lesson counts as done once this share of it has been watched. */
export const LESSON_DONE_RATIO = 0.9;
/** How often the player saves progress (ms); it also saves on pause and on leaving. */
export const PROGRESS_SAVE_MS = 5_000;
/** A paid course may be refunded this many days after paying ... */
export const COURSE_REFUND_DAYS = 7;
/** ... while less than this share of its lessons is done (percent). */
export const COURSE_REFUND_MAX_PERCENT = 30;

export const courseMessages = {
  /** 413, e.g. 视频不能超过 500 MB. */
  videoTooLarge: (maxBytes: number) =>
    maxBytes >= 1024 * 1024
      ? `视频不能超过 ${Math.floor(maxBytes / 1024 / 1024)} MB`
      : `视频不能超过 ${Math.floor(maxBytes / 1024)} KB`,
  notAVideo: '文件不是有效的视频，仅支持 MP4、MOV 格式（H.264 编码）',
  noVideoTrack: '文件中没有视频画面，请上传 MP4 或 MOV 视频',
  noDuration: '无法读取视频时长，文件可能已损坏',
  coverTooLarge: `封面图片不能超过 ${COURSE_COVER_MAX_BYTES / 1024 / 1024} MB`,
  alreadyBought: '您已购买该课程，可直接学习',
  refundNotAllowed: `购买 ${COURSE_REFUND_DAYS} 天内且学习进度不足 ${COURSE_REFUND_MAX_PERCENT}% 可申请退款`,
} as const;

export const courseSorts = ['newest', 'popular', 'price_asc', 'price_desc'] as const;
export const courseSortLabels: Record<(typeof courseSorts)[number], string> = {
  newest: '最新',
  popular: '最热',
  price_asc: '低价优先',
  price_desc: '高价优先',
};

/** What an expert's course list calls each state. */
export const courseStatusLabels: Record<(typeof contentStatuses)[number], string> = {
  draft: '草稿',
  pending_review: '审核中',
  published: '已上架',
  rejected: '已驳回',
  offline: '已下架',
};

// ---- authoring ----

/** Chapters and lessons keep their key across edits and versions: progress is kept by key. */
export const lessonKey = z.string().regex(/^[a-z0-9]{6,24}$/, '课时编号不正确');
const uuid = z.string().regex(/^[0-9a-f-]{36}$/, '视频编号不正确');

export const courseLessonInput = z.object({
  key: lessonKey,
  title: z.string().trim().min(1, '请输入课时名称').max(COURSE_LIMITS.lessonTitleMax, '课时名称最多60个字'),
  kind: z.enum(['video', 'text']),
  freeTrial: z.boolean().default(false),
  /** A video lesson's uploaded file. */
  videoId: uuid.nullable().default(null),
  /** A text lesson's rich text (HTML, sanitised by the server). */
  body: z.string().max(COURSE_LIMITS.textBodyMax, '图文内容过长').nullable().default(null),
});
export type CourseLessonInput = z.input<typeof courseLessonInput>;

export const courseChapterInput = z.object({
  key: lessonKey,
  title: z.string().trim().min(1, '请输入章节名称').max(COURSE_LIMITS.lessonTitleMax, '章节名称最多60个字'),
  lessons: z
    .array(courseLessonInput)
    .max(COURSE_LIMITS.lessonsPerChapter, `每章最多 ${COURSE_LIMITS.lessonsPerChapter} 个课时`),
});
export type CourseChapterInput = z.input<typeof courseChapterInput>;

export const courseDraftBody = z.object({
  title: z
    .string()
    .trim()
    .min(2, '请输入课程名称（至少2个字）')
    .max(COURSE_LIMITS.titleMax, '课程名称最多60个字'),
  category: z.enum(courseCategories, { error: '请选择课程分类' }),
  intro: z
    .string()
    .trim()
    .min(COURSE_LIMITS.introMin, `课程介绍至少${COURSE_LIMITS.introMin}个字`)
    .max(COURSE_LIMITS.introMax, `课程介绍最多${COURSE_LIMITS.introMax}个字`),
  /** A cover file name answered by the cover upload, or null. */
  cover: z
    .string()
    .regex(/^course-cover-[0-9a-f-]{36}\.webp$/, '封面不正确')
    .nullable()
    .default(null),
  priceFen: z
    .number({ error: '请输入价格' })
    .int('价格最小单位为分')
    .min(0, '价格不能为负')
    .max(COURSE_LIMITS.priceMaxFen, '课程价格不能超过1000元'),
  chapters: z.array(courseChapterInput).max(COURSE_LIMITS.chapters, `最多 ${COURSE_LIMITS.chapters} 个章节`),
});
export type CourseDraftBody = z.input<typeof courseDraftBody>;
export type CourseDraftData = z.output<typeof courseDraftBody>;

export const courseVideo = z.object({
  id: z.string(),
  container: z.enum(['mp4', 'mov']),
  durationSec: z.number(),
  sizeBytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  originalName: z.string(),
});
export type CourseVideo = z.infer<typeof courseVideo>;

export const courseCoverResult = z.object({ cover: z.string(), url: z.string() });

/** The editor's view: the draft, each video lesson with its file's facts. */
export const courseDraftView = z.object({
  id: z.number().int(),
  status: z.enum(contentStatuses),
  rejectReason: z.string().nullable(),
  /** Whether a version is live (edits then make a new version, live once approved). */
  published: z.boolean(),
  /** Taken off the shelves by an auditor (stays off while a resubmitted edit is reviewed). */
  takenOffline: z.boolean(),
  version: z.number().int(),
  coverUrl: z.string().nullable(),
  expert: z.object({ id: z.number().int(), name: z.string() }),
  draft: courseDraftBody,
  videos: z.array(courseVideo),
});
export type CourseDraftView = z.infer<typeof courseDraftView>;

export const savedCourse = z.object({ id: z.number().int() });

export const myCourseRow = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  coverUrl: z.string().nullable(),
  status: z.enum(contentStatuses),
  rejectReason: z.string().nullable(),
  published: z.boolean(),
  /** Taken off the shelves by an auditor (stays off while a resubmitted edit is reviewed). */
  takenOffline: z.boolean(),
  /** A published course with edits waiting to be submitted or approved. */
  editing: z.boolean(),
  priceFen: fen,
  learnerCount: z.number().int(),
  incomeFen: z.number().int(),
  updatedAt: z.string(),
});
export type MyCourseRow = z.infer<typeof myCourseRow>;

export const buyListQuery = pageQuery.extend({
  courseId: idParam().optional(),
});
export type BuyListParams = PageParams & { courseId?: number | undefined };

export const purchaseRecord = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  userName: z.string(),
  /** Masked, e.g. 138****0001. */
  telephone: z.string(),
  amountFen: fen,
  status: z.enum(['active', 'refunded']),
  joinedAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type PurchaseRecord = z.infer<typeof purchaseRecord>;

export const purchaseMonth = z.object({
  month: z.string(),
  count: z.number().int(),
  amountFen: z.number().int(),
  refundFen: z.number().int(),
  netFen: z.number().int(),
});
export type PurchaseMonth = z.infer<typeof purchaseMonth>;

export const buyList = z.object({
  list: z.array(purchaseRecord),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  months: z.array(purchaseMonth),
});
export type BuyList = z.infer<typeof buyList>;

// ---- catalogue and learning ----

export const courseCatalogQuery = pageQuery.extend({
  keyword: z.string().trim().max(50).optional(),
  category: z.enum(courseCategories, { error: '分类不正确' }).optional(),
  sort: z.enum(courseSorts, { error: '排序方式不正确' }).default('newest'),
  price: z.enum(['free', 'paid'], { error: '价格筛选不正确' }).optional(),
  expertId: idParam().optional(),
});
export type CourseCatalogParams = PageParams & {
  keyword?: string | undefined;
  category?: CourseCategory | undefined;
  sort?: (typeof courseSorts)[number] | undefined;
  price?: 'free' | 'paid' | undefined;
  expertId?: number | undefined;
};

export const courseExpert = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  title: z.string(),
});

/**
 * A course as its card shows it (the catalogue, 精品课程, an expert's page, my courses). No text
 * from the introduction: the card does not show one, and it was most of the list's bytes.
 */
export const courseSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  coverUrl: z.string().nullable(),
  expert: courseExpert,
  lessonCount: z.number().int(),
  durationSec: z.number().int(),
  learnerCount: z.number().int(),
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
  priceFen: fen,
  publishedAt: z.string().nullable(),
});
export type CourseSummary = z.infer<typeof courseSummary>;

export const courseLesson = z.object({
  key: z.string(),
  title: z.string(),
  kind: z.enum(['video', 'text']),
  freeTrial: z.boolean(),
  durationSec: z.number().int(),
  /** Whether the caller may open it (bought, free trial, or free course). */
  open: z.boolean(),
  done: z.boolean(),
  positionSec: z.number(),
});
export type CourseLesson = z.infer<typeof courseLesson>;

export const courseChapter = z.object({
  key: z.string(),
  title: z.string(),
  lessons: z.array(courseLesson),
});
export type CourseChapter = z.infer<typeof courseChapter>;

export const enrolmentView = z.object({
  progressPercent: z.number().int(),
  doneCount: z.number().int(),
  lastLessonKey: z.string().nullable(),
  lastPositionSec: z.number(),
  lastStudiedAt: z.string().nullable(),
  joinedAt: z.string(),
  amountFen: fen,
  /** Until when a refund may be asked for, or null when it no longer may. */
  refundableUntil: z.string().nullable(),
});
export type EnrolmentView = z.infer<typeof enrolmentView>;

export const courseReview = z.object({
  id: z.number().int(),
  userName: z.string(),
  avatar: z.string().nullable(),
  rating: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
});
export type CourseReview = z.infer<typeof courseReview>;

export const courseDetail = courseSummary.extend({
  /** The introduction's first 80 characters on one line (the page's description for sharing). */
  summary: z.string(),
  intro: z.string(),
  chapters: z.array(courseChapter),
  enrolment: enrolmentView.nullable(),
  /** An unpaid order of the caller for this course, to pay instead of ordering again. */
  pendingOrderId: z.number().int().nullable(),
  reviewed: z.boolean(),
  canReview: z.boolean(),
});
export type CourseDetail = z.infer<typeof courseDetail>;

export const courseReviewsQuery = pageQuery;
export const courseReviewBody = z.object({
  rating: z.number({ error: '请选择评分' }).int().min(1, '请选择评分').max(5, '评分为1到5星'),
  content: z.string().trim().min(5, '评价至少5个字').max(500, '评价最多500个字'),
});

export const buyResult = z.object({
  /** The order to pay; null when a free course was joined at once. */
  orderId: z.number().int().nullable(),
  joined: z.boolean(),
});
export type BuyResult = z.infer<typeof buyResult>;

export const lessonContent = z.object({
  key: z.string(),
  title: z.string(),
  kind: z.enum(['video', 'text']),
  durationSec: z.number().int(),
  /** A short-lived signed address of the video (video lessons). */
  videoUrl: z.string().nullable(),
  /** Sanitised HTML (text lessons). */
  body: z.string().nullable(),
  positionSec: z.number(),
  done: z.boolean(),
});
export type LessonContent = z.infer<typeof lessonContent>;

export const progressBody = z.object({
  lessonKey,
  /** Where the player is now (seconds). */
  positionSec: z.number().min(0).max(86_400),
  /** Seconds actually played since the last save (the player's own count). */
  watchedSec: z.number().min(0).max(3_600).default(0),
  /** A text lesson was read to its end. */
  read: z.boolean().default(false),
});
export type ProgressBody = z.input<typeof progressBody>;

export const progressResult = z.object({
  lessonKey: z.string(),
  positionSec: z.number(),
  done: z.boolean(),
  progressPercent: z.number().int(),
});
export type ProgressResult = z.infer<typeof progressResult>;

export const myLearning = courseSummary.extend({
  status: z.enum(['active', 'refunded']),
  progressPercent: z.number().int(),
  doneCount: z.number().int(),
  lastLessonKey: z.string().nullable(),
  lastLessonTitle: z.string().nullable(),
  lastPositionSec: z.number(),
  lastStudiedAt: z.string().nullable(),
  joinedAt: z.string(),
});
export type MyLearning = z.infer<typeof myLearning>;

// ---- review (auditors) ----

export const auditCourseQuery = pageQuery.extend({
  status: z.enum(contentStatuses, { error: '状态不正确' }).optional(),
});
export type AuditCourseParams = PageParams & { status?: (typeof contentStatuses)[number] | undefined };

export const auditCourseRow = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  coverUrl: z.string().nullable(),
  expertName: z.string(),
  status: z.enum(contentStatuses),
  published: z.boolean(),
  /** Taken off the shelves by an auditor (stays off while a resubmitted edit is reviewed). */
  takenOffline: z.boolean(),
  priceFen: fen,
  lessonCount: z.number().int(),
  submittedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
});
export type AuditCourseRow = z.infer<typeof auditCourseRow>;

export const courseOnlineBody = z.object({ online: z.boolean({ error: '请选择上架或下架' }) });
