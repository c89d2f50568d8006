import { and, asc, count, desc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countFrom, pageWhere, rowsById } from '../../db/rows';
import { expertTitleOf } from '../experts';
import { users } from '../users';
import {
  courseEnrolments,
  courseReviews,
  courses,
  courseVersions,
  courseVideos,
  lessonProgress,
} from './courses.table';

export type CourseRow = typeof courses.$inferSelect;
export type EnrolmentRow = typeof courseEnrolments.$inferSelect;
export type ProgressRow = typeof lessonProgress.$inferSelect;
export type VideoRow = typeof courseVideos.$inferSelect;

/** Public: a live version, not taken offline (also not while a resubmitted edit is reviewed). */
export const isPublic = and(
  isNotNull(courses.publishedVersionId),
  ne(courses.status, 'offline'),
  eq(courses.takenOffline, false),
)!;

/** The same rule for a row in hand. */
export const isLive = (c: { publishedVersionId: number | null; status: string; takenOffline: boolean }) =>
  c.publishedVersionId !== null && c.status !== 'offline' && !c.takenOffline;

const learnerCount = sql<number>`(select count(*)::int from ${courseEnrolments} e where e.course_id = ${courses.id} and e.status = 'active')`;
const ratingAvg = sql<
  number | null
>`(select round(avg(r.rating)::numeric, 1)::float8 from ${courseReviews} r where r.course_id = ${courses.id})`;
const ratingCount = sql<number>`(select count(*)::int from ${courseReviews} r where r.course_id = ${courses.id})`;

const summaryColumns = {
  c: courses,
  expertName: users.name,
  expertAvatar: users.avatar,
  expertTitle: expertTitleOf(courses.expertId),
  learnerCount,
  ratingAvg,
  ratingCount,
};
export type CourseListRow = {
  c: CourseRow;
  expertName: string;
  expertAvatar: string | null;
  expertTitle: string | null;
  learnerCount: number;
  ratingAvg: number | null;
  ratingCount: number;
};

const orderings = {
  newest: [desc(courses.publishedAt), desc(courses.id)],
  popular: [desc(learnerCount), desc(courses.id)],
  price_asc: [asc(courses.priceFen), desc(courses.id)],
  price_desc: [desc(courses.priceFen), desc(courses.id)],
  recent: [desc(courses.updatedAt), desc(courses.id)],
} as const;
export type CourseOrder = keyof typeof orderings;

export const coursesRepository = {
  isPublic,

  ...rowsById(courses),

  /** Courses with their expert and counts, filtered, ordered, optionally paged. */
  async list(
    tx: DbOrTx,
    where: SQL | undefined,
    order: CourseOrder,
    pageOf?: { pageNum: number; pageSize: number },
  ): Promise<CourseListRow[]> {
    const q = tx
      .select(summaryColumns)
      .from(courses)
      .innerJoin(users, eq(users.id, courses.expertId))
      .where(where)
      .orderBy(...orderings[order]);
    const rows = pageOf
      ? await q.limit(pageOf.pageSize).offset((pageOf.pageNum - 1) * pageOf.pageSize)
      : await q;
    return rows.map((r) => ({
      ...r,
      learnerCount: Number(r.learnerCount),
      ratingAvg: r.ratingAvg === null ? null : Number(r.ratingAvg),
      ratingCount: Number(r.ratingCount),
    }));
  },
  async count(tx: DbOrTx, where: SQL | undefined): Promise<number> {
    return (await tx.select({ n: count() }).from(courses).where(where))[0]?.n ?? 0;
  },

  // ---- versions ----
  async version(tx: DbOrTx, id: number) {
    return (await tx.select().from(courseVersions).where(eq(courseVersions.id, id)))[0];
  },
  async nextVersion(tx: DbOrTx, courseId: number): Promise<number> {
    const [r] = await tx
      .select({ v: sql<number>`coalesce(max(${courseVersions.version}), 0)::int` })
      .from(courseVersions)
      .where(eq(courseVersions.courseId, courseId));
    return Number(r?.v ?? 0) + 1;
  },
  async insertVersion(tx: DbOrTx, values: typeof courseVersions.$inferInsert) {
    return (await tx.insert(courseVersions).values(values).returning())[0]!;
  },

  // ---- videos ----
  async insertVideo(tx: DbOrTx, values: typeof courseVideos.$inferInsert) {
    await tx.insert(courseVideos).values(values);
  },
  async videos(tx: DbOrTx, ids: string[]): Promise<VideoRow[]> {
    if (ids.length === 0) return [];
    return tx.select().from(courseVideos).where(inArray(courseVideos.id, ids));
  },

  // ---- enrolments ----
  async enrolment(tx: DbOrTx, courseId: number, userId: number, opts: { lock?: boolean } = {}) {
    const q = tx
      .select()
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.courseId, courseId), eq(courseEnrolments.userId, userId)));
    return (await (opts.lock ? q.for('update') : q))[0];
  },
  /** Opens (or reopens after a refund) the learner's enrolment; answers it, or undefined when already active. */
  async enrol(
    tx: DbOrTx,
    values: { courseId: number; userId: number; orderId: number | null; amountFen: number; joinedAt: Date },
  ): Promise<EnrolmentRow | undefined> {
    const rows = await tx
      .insert(courseEnrolments)
      .values({ ...values, status: 'active' })
      .onConflictDoUpdate({
        target: [courseEnrolments.courseId, courseEnrolments.userId],
        set: { ...values, status: 'active', refundedAt: null },
        setWhere: sql`${courseEnrolments.status} = 'refunded'`,
      })
      .returning();
    return rows[0];
  },
  async updateEnrolment(tx: DbOrTx, id: number, values: Partial<typeof courseEnrolments.$inferInsert>) {
    await tx.update(courseEnrolments).set(values).where(eq(courseEnrolments.id, id));
  },
  async enrolmentByOrder(tx: DbOrTx, orderId: number) {
    return (await tx.select().from(courseEnrolments).where(eq(courseEnrolments.orderId, orderId)))[0];
  },
  /** The learner's courses, most recently studied first. */
  async enrolmentsOf(tx: DbOrTx, userId: number) {
    return tx
      .select()
      .from(courseEnrolments)
      .where(eq(courseEnrolments.userId, userId))
      .orderBy(
        sql`${courseEnrolments.status} = 'refunded'`,
        desc(sql`coalesce(${courseEnrolments.lastStudiedAt}, ${courseEnrolments.joinedAt})`),
      );
  },

  // ---- progress ----
  async progressOf(tx: DbOrTx, courseId: number, userId: number): Promise<ProgressRow[]> {
    return tx
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.courseId, courseId), eq(lessonProgress.userId, userId)));
  },
  async progressOfMany(tx: DbOrTx, userId: number, courseIds: number[]): Promise<ProgressRow[]> {
    if (courseIds.length === 0) return [];
    return tx
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId), inArray(lessonProgress.courseId, courseIds)));
  },
  async lessonProgress(tx: DbOrTx, courseId: number, userId: number, lessonKey: string, lock = false) {
    const q = tx
      .select()
      .from(lessonProgress)
      .where(
        and(
          eq(lessonProgress.courseId, courseId),
          eq(lessonProgress.userId, userId),
          eq(lessonProgress.lessonKey, lessonKey),
        ),
      );
    return (await (lock ? q.for('update') : q))[0];
  },
  async saveProgress(tx: DbOrTx, values: typeof lessonProgress.$inferInsert) {
    await tx
      .insert(lessonProgress)
      .values(values)
      .onConflictDoUpdate({
        target: [lessonProgress.courseId, lessonProgress.userId, lessonProgress.lessonKey],
        set: {
          positionSec: values.positionSec,
          watchedSec: values.watchedSec,
          doneAt: values.doneAt,
          updatedAt: values.updatedAt,
        },
      });
  },

  // ---- reviews ----
  async reviews(tx: DbOrTx, courseId: number, pageOf: { pageNum: number; pageSize: number }) {
    const where = eq(courseReviews.courseId, courseId);
    return pageWhere(
      pageOf,
      where,
      [desc(courseReviews.createdAt), desc(courseReviews.id)],
      tx
        .select({ r: courseReviews, userName: users.name, avatar: users.avatar })
        .from(courseReviews)
        .innerJoin(users, eq(users.id, courseReviews.userId))
        .$dynamic(),
      countFrom(tx, courseReviews),
    );
  },
  async hasReviewed(tx: DbOrTx, courseId: number, userId: number): Promise<boolean> {
    const [r] = await tx
      .select({ id: courseReviews.id })
      .from(courseReviews)
      .where(and(eq(courseReviews.courseId, courseId), eq(courseReviews.userId, userId)));
    return !!r;
  },
  async insertReview(tx: DbOrTx, values: typeof courseReviews.$inferInsert) {
    const rows = await tx.insert(courseReviews).values(values).onConflictDoNothing().returning();
    return rows[0];
  },

  // ---- the expert's figures ----
  async figuresOf(tx: DbOrTx, courseIds: number[]) {
    if (courseIds.length === 0) return new Map<number, { learners: number; incomeFen: number }>();
    const rows = await tx
      .select({
        courseId: courseEnrolments.courseId,
        learners: sql<number>`count(*)::int`,
        incomeFen: sql<number>`coalesce(sum(${courseEnrolments.amountFen}), 0)::int`,
      })
      .from(courseEnrolments)
      .where(and(inArray(courseEnrolments.courseId, courseIds), eq(courseEnrolments.status, 'active')))
      .groupBy(courseEnrolments.courseId);
    return new Map(
      rows.map((r) => [r.courseId, { learners: Number(r.learners), incomeFen: Number(r.incomeFen) }]),
    );
  },

  /** Purchases of an expert's courses, newest first; `pageOf` absent means all (the export). */
  async purchases(
    tx: DbOrTx,
    expertId: number,
    courseId: number | undefined,
    pageOf?: { pageNum: number; pageSize: number },
  ) {
    const where = and(eq(courses.expertId, expertId), courseId ? eq(courses.id, courseId) : undefined);
    const q = tx
      .select({
        e: courseEnrolments,
        courseTitle: courses.title,
        userName: users.name,
        telephone: users.telephone,
      })
      .from(courseEnrolments)
      .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
      .innerJoin(users, eq(users.id, courseEnrolments.userId))
      .where(where)
      .orderBy(desc(courseEnrolments.joinedAt), desc(courseEnrolments.id));
    const rows = pageOf
      ? await q.limit(pageOf.pageSize).offset((pageOf.pageNum - 1) * pageOf.pageSize)
      : await q;
    const [total] = await tx
      .select({ n: count() })
      .from(courseEnrolments)
      .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
      .where(where);
    // Months in Beijing time: a purchase at 23:30 on the last day belongs to that month.
    const month = sql<string>`to_char(${courseEnrolments.joinedAt} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
    const months = await tx
      .select({
        month,
        count: sql<number>`count(*)::int`,
        amountFen: sql<number>`coalesce(sum(${courseEnrolments.amountFen}), 0)::int`,
        refundFen: sql<number>`coalesce(sum(${courseEnrolments.amountFen}) filter (where ${courseEnrolments.status} = 'refunded'), 0)::int`,
      })
      .from(courseEnrolments)
      .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
      .where(where)
      .groupBy(month)
      .orderBy(desc(month));
    return { rows, total: total?.n ?? 0, months };
  },
};
