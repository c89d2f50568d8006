import { index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/**
 * Security-relevant events: logins, failures, logouts, password changes, resets, role
 * changes, and every opening of a person's record (心理档案, `record_view`, with the person in
 * `target_user_id`). Never a password, code or token; the phone only masked, plus a keyed hash
 * (`subject`) so failures against one account can be counted without storing the number.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: varchar({ length: 40 }).notNull(),
    outcome: varchar({ length: 10 }).notNull(),
    subject: varchar({ length: 64 }),
    telephoneMasked: varchar({ length: 11 }),
    ip: varchar({ length: 64 }),
    detail: jsonb().$type<Record<string, string | number | boolean | null>>(),
    /** The person the event is about, when it is about someone else's data (a record opened). */
    targetUserId: integer().references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index().on(t.subject, t.action, t.at),
    index().on(t.ip, t.action, t.at),
    index().on(t.userId, t.at),
    // Who opened a person's record, newest first (their 档案查阅记录).
    index().on(t.targetUserId, t.action, t.at),
  ],
);
