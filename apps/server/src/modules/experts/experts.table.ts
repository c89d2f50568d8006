import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../users/users.table';

/**
 * What a client sees of an expert; one row per expert account. The rating is not kept here: it is
 * the mean of the expert's booking feedback (the feedback module's `feedbackQueries`).
 */
export const expertProfiles = pgTable(
  'expert_profiles',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar({ length: 50 }).notNull(),
    qualifications: jsonb().$type<string[]>().notNull().default([]),
    specialties: jsonb().$type<string[]>().notNull().default([]),
    introduction: text().notNull(),
    modes: jsonb().$type<('online' | 'offline')[]>().notNull().default(['online']),
    priceFen: integer().notNull(),
    sessionMinutes: integer().notNull().default(50),
    yearsOfPractice: integer().notNull().default(0),
    address: varchar({ length: 200 }),
    ...timestamps,
  },
  (t) => [check('expert_price_nonnegative', sql`${t.priceFen} >= 0`), index().on(t.priceFen)],
);
