import { timestamp } from 'drizzle-orm/pg-core';

/** created_at / updated_at, timestamptz, as every table has them. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
