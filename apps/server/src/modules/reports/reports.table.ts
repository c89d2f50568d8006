import { integer, pgEnum, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { assessments } from '../assessments';
import { orders } from '../orders';

export const reportStatusEnum = pgEnum('report_status', ['generated', 'approved', 'returned']);

/**
 * The full written result; paid when the scale or plan has a price. Who approved or returned
 * it, when and why, are in review_requests (kind 'report').
 */
export const reports = pgTable('reports', {
  assessmentId: integer()
    .primaryKey()
    .references(() => assessments.id, { onDelete: 'cascade' }),
  /** generated -> approved | returned; written by the review workflow (kind 'report'). */
  status: reportStatusEnum().notNull(),
  orderId: integer().references(() => orders.id),
  paidAt: timestamp({ withTimezone: true }),
  ...timestamps,
});
