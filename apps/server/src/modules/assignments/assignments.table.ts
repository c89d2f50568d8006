import { index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { userRef, users } from '../users/users.table';

/**
 * 负责专家: the expert who follows a person up (their warnings, their new assessments), one
 * row a person. A person without a row keeps the older rule: each assessment goes to the
 * plan's author or an expert of the person's institution. An approved transfer writes the row.
 */
export const careAssignments = pgTable(
  'care_assignments',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    expertId: userRef(),
    since: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.expertId)],
);
