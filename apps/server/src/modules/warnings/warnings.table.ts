import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { assessments } from '../assessments';
import { users } from '../users';

export const warningStatusEnum = pgEnum('warning_status', ['pending', 'following', 'closed']);

/** 预警: raised by a scale's alert rules; followed up by the assigned expert. */
export const warnings = pgTable(
  'warnings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    assessmentId: integer()
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    expertId: integer().references(() => users.id, { onDelete: 'set null' }),
    level: integer().notNull(),
    reason: varchar({ length: 200 }).notNull(),
    scaleName: varchar({ length: 100 }).notNull(),
    status: warningStatusEnum().notNull().default('pending'),
    escalatedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index().on(t.expertId, t.status),
    index().on(t.status, t.createdAt),
    // Statistics: warnings by time; an assessment's warnings, by level (its highest).
    index().on(t.createdAt),
    index().on(t.assessmentId, t.level),
    // A person's warnings (their record).
    index().on(t.userId, t.createdAt),
    // The auditor's list, highest level first, alone and by state; an assessment's highest level.
    index('warnings_level_id').on(t.level, t.id),
    index().on(t.status, t.level, t.id),
    // 超时未处理: the open warnings past their deadline, in the list's order. Without it the
    // filter and its count read every warning of the platform (54 ms at 92,000 warnings).
    index('warnings_overdue')
      .on(t.level, t.id)
      .where(sql`${t.escalatedAt} is not null and ${t.status} <> 'closed'`),
    check('warning_level', sql`${t.level} between 1 and 3`),
  ],
);

export const warningProgress = pgTable(
  'warning_progress',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    warningId: integer()
      .notNull()
      .references(() => warnings.id, { onDelete: 'cascade' }),
    actorId: integer()
      .notNull()
      .references(() => users.id),
    status: warningStatusEnum().notNull(),
    note: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // A warning's records in order (detail page; statistics: first contact, closing time).
  (t) => [index().on(t.warningId, t.createdAt)],
);
