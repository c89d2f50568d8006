import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox: a domain event is written in the same transaction as the change
 * it announces, and delivered from here afterwards (at once through LISTEN/NOTIFY, and by a
 * poll that retries failures and picks up whatever a crash left behind).
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar({ length: 64 }).notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Not before this time: moved forward after each failed attempt. */
    availableAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    deliveredAt: timestamp({ withTimezone: true }),
    /** Set after the last allowed attempt failed: kept for an operator to look at. */
    failedAt: timestamp({ withTimezone: true }),
    lastError: text(),
  },
  (t) => [
    index('outbox_events_due')
      .on(t.availableAt, t.id)
      .where(sql`delivered_at is null and failed_at is null`),
    index().on(t.deliveredAt),
  ],
);
