import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import type { CourseDraftData } from '@psy/contracts';
import { timestamps } from '../../db/columns';
import { orders } from '../orders/orders.table';
import { contentStatusEnum } from '../scales/scales.table';
import { userRef, users } from '../users/users.table';

/** A published version's lessons, as learners see them: each lesson keeps its key across versions. */
export interface CourseVersionContent {
  title: string;
  category: string;
  intro: string;
  cover: string | null;
  priceFen: number;
  chapters: {
    key: string;
    title: string;
    lessons: {
      key: string;
      title: string;
      kind: 'video' | 'text';
      freeTrial: boolean;
      videoId: string | null;
      durationSec: number;
      body: string | null;
    }[];
  }[];
}

/**
 * A course: the expert edits `draft`; approval makes it a new immutable version
 * (`course_versions`) and copies what the catalogue filters and sorts by onto the row. It is
 * public while it has a published version and is not taken offline. Who submitted and reviewed it,
 * when and why, are in review_requests (kind 'course').
 */
export const courses = pgTable(
  'courses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    expertId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: contentStatusEnum().notNull().default('draft'),
    draft: jsonb().$type<CourseDraftData>().notNull(),
    publishedVersionId: integer(),
    // Taken off the shelves by an auditor: stays off while the expert edits and resubmits,
    // and through a rejection; only an approval of a new version (or the auditor) relists it.
    takenOffline: boolean().notNull().default(false),
    // The live version's facts, for the catalogue, search and sorting.
    title: varchar({ length: 60 }).notNull(),
    category: varchar({ length: 20 }).notNull(),
    intro: text().notNull().default(''),
    cover: varchar({ length: 80 }),
    priceFen: integer().notNull().default(0),
    lessonCount: integer().notNull().default(0),
    durationSec: integer().notNull().default(0),
    publishedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index().on(t.status),
    index().on(t.expertId),
    index('courses_title_trgm').using('gin', t.title.op('gin_trgm_ops')),
    check('course_price_nonnegative', sql`${t.priceFen} >= 0`),
  ],
);

export const courseVersions = pgTable(
  'course_versions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    content: jsonb().$type<CourseVersionContent>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.courseId, t.version)],
);

/** An uploaded lesson video: facts read from the file itself; the bytes live in private storage. */
export const courseVideos = pgTable(
  'course_videos',
  {
    id: varchar({ length: 36 }).primaryKey(),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    container: varchar({ length: 8 }).$type<'mp4' | 'mov'>().notNull(),
    durationSec: doublePrecision().notNull(),
    sizeBytes: integer().notNull(),
    width: integer(),
    height: integer(),
    originalName: varchar({ length: 200 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.ownerId)],
);

export const enrolmentStatusEnum = pgEnum('enrolment_status', ['active', 'refunded']);

/**
 * Who may learn a course. One row per (course, user), enforced by the database: buying twice
 * is impossible. A refund sets it refunded (access ends); buying again reopens the same row,
 * so the progress kept by lesson key comes back.
 */
export const courseEnrolments = pgTable(
  'course_enrolments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    userId: userRef(),
    status: enrolmentStatusEnum().notNull().default('active'),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    amountFen: integer().notNull().default(0),
    joinedAt: timestamp({ withTimezone: true }).notNull(),
    refundedAt: timestamp({ withTimezone: true }),
    lastLessonKey: varchar({ length: 24 }),
    lastPositionSec: doublePrecision().notNull().default(0),
    lastStudiedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique('course_enrolments_one_per_user').on(t.courseId, t.userId),
    index().on(t.userId, t.lastStudiedAt),
    index().on(t.courseId, t.joinedAt),
  ],
);

/** Where a learner is in each lesson, kept by lesson key so a new version keeps it. */
export const lessonProgress = pgTable(
  'course_lesson_progress',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: userRef(),
    lessonKey: varchar({ length: 24 }).notNull(),
    positionSec: doublePrecision().notNull().default(0),
    watchedSec: doublePrecision().notNull().default(0),
    doneAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('course_lesson_progress_one').on(t.courseId, t.userId, t.lessonKey)],
);

/** A learner's rating and words; only learners who bought, once per course. */
export const courseReviews = pgTable(
  'course_reviews',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: userRef(),
    rating: smallint().notNull(),
    content: varchar({ length: 500 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('course_reviews_once').on(t.courseId, t.userId),
    check('course_review_rating', sql`${t.rating} between 1 and 5`),
  ],
);
