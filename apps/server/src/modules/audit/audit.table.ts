import { index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

/**
 * Security-relevant events: logins, failures, logouts, password changes, resets, role
 * changes. Never a password, code or token; the phone only masked, plus a keyed hash
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
  },
  (t) => [
    index().on(t.subject, t.action, t.at),
    index().on(t.ip, t.action, t.at),
    index().on(t.userId, t.at),
  ],
);
