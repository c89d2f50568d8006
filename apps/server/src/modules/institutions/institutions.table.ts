import { integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';

/** 机构: a clinic, counselling centre or hospital department that experts belong to. */
export const institutions = pgTable('institutions', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: 100 }).notNull().unique(),
  city: varchar({ length: 50 }).notNull(),
  address: varchar({ length: 200 }).notNull(),
  phone: varchar({ length: 30 }),
  logo: text(),
  intro: text().notNull(),
  ...timestamps,
});
