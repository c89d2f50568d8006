import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users';

/** `withdrawn`: the submitter took a pending request back before it was decided (transfers). */
export const reviewStatusEnum = pgEnum('review_status', ['pending', 'approved', 'rejected', 'withdrawn']);

/**
 * 审核: one row per submission of an item for review (a scale draft, a report, later courses,
 * tweets, transfers). The item keeps its own lifecycle state (a scale is published, a report
 * approved); who asked, who decided, when and why live only here.
 */
export const reviewRequests = pgTable(
  'review_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Which workflow: 'scale', 'report', ... */
    kind: varchar({ length: 20 }).notNull(),
    itemId: integer().notNull(),
    /** The item's version under review (a scale's next version number; 1 for a report). */
    version: integer().notNull().default(1),
    status: reviewStatusEnum().notNull().default('pending'),
    /** What the inbox shows, as it was when submitted. */
    title: varchar({ length: 200 }).notNull(),
    submittedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewerId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Why it was rejected (required), or the reviewer's comment on an approval. */
    reason: text(),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // One open request per item: a second submit is a clear 409, whatever the race.
    uniqueIndex('review_requests_one_pending')
      .on(t.kind, t.itemId)
      .where(sql`${t.status} = 'pending'`),
    index().on(t.kind, t.itemId, t.id),
    index().on(t.status, t.kind, t.submittedAt),
  ],
);
