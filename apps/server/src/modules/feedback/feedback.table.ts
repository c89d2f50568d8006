import { feedbackKinds, feedbackStatuses } from '@psy/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { userRef } from '../users/users.table';

export const feedbackKindEnum = pgEnum('feedback_kind', feedbackKinds);
export const feedbackStatusEnum = pgEnum('feedback_status', feedbackStatuses);

/**
 * 反馈: a person's rating and words about a completed booking (object: the booking), a report
 * they paid for or unlocked (the assessment), or a course they bought (the course). Once per
 * person and object. The expert who handles it is fixed when it is written (feedback.service
 * says whom); `subject_title` keeps what the object was called then, for lists.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: feedbackKindEnum().notNull(),
    objectId: integer().notNull(),
    userId: userRef(),
    expertId: userRef(),
    subjectTitle: varchar({ length: 200 }).notNull(),
    rating: smallint().notNull(),
    content: varchar({ length: 500 }).notNull(),
    /** Other users read 匿名用户 instead of the (masked) name. */
    anonymous: boolean().notNull().default(false),
    status: feedbackStatusEnum().notNull().default('open'),
    reply: varchar({ length: 500 }),
    handledAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('feedback_once').on(t.kind, t.objectId, t.userId),
    // The expert's lists by state; the rating and the public list (booking feedback, newest).
    index().on(t.expertId, t.status, t.createdAt),
    index().on(t.expertId, t.kind, t.createdAt),
    index().on(t.userId, t.createdAt),
    // The auditors' list of all feedback, newest first.
    index().on(t.createdAt, t.id),
    check('feedback_rating', sql`${t.rating} between 1 and 5`),
    check('feedback_handled_at', sql`(${t.status} = 'handled') = (${t.handledAt} is not null)`),
  ],
);

/**
 * Each expert's booking feedback, summed: how many ratings and their total, kept by the
 * triggers on `feedback` (migration 0045) in the writing transaction. The public rating (the
 * mean, two decimals) orders the expert list, which would otherwise average every expert's
 * feedback on each reading. Never written by the application.
 */
export const expertRatings = pgTable('expert_ratings', {
  expertId: userRef().primaryKey(),
  n: integer().notNull(),
  total: integer().notNull(),
});
