import { pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';

/** Server-wide values that must survive restarts and be shared by every instance (e.g. the HMAC key). */
export const settings = pgTable('settings', {
  key: varchar({ length: 64 }).primaryKey(),
  value: text().notNull(),
  ...timestamps,
});
