import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { userRef } from '../users/users.table';

export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    kind: varchar({ length: 20 }).notNull(),
    title: varchar({ length: 100 }).notNull(),
    content: text().notNull(),
    link: varchar({ length: 300 }),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId, t.id), index().on(t.userId, t.readAt)],
);
