import { index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';

/** 机构: a clinic, counselling centre or hospital department that experts belong to. */
export const institutions = pgTable(
  'institutions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: varchar({ length: 100 }).notNull().unique(),
    city: varchar({ length: 50 }).notNull(),
    address: varchar({ length: 200 }).notNull(),
    phone: varchar({ length: 30 }),
    logo: text(),
    intro: text().notNull(),
    ...timestamps,
  },
  // Trigram index: search matches '%关键词%' anywhere in the name.
  (t) => [index('institutions_name_trgm').using('gin', t.name.op('gin_trgm_ops'))],
);
