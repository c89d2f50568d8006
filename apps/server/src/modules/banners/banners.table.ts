import { boolean, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';

/** The home page carousel: an image that links to a page of the platform. */
export const banners = pgTable(
  'banners',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: varchar({ length: 40 }).notNull(),
    /** An uploaded content image's file name. */
    image: varchar({ length: 120 }).notNull(),
    /** A path of this platform, e.g. /app/news. */
    link: varchar({ length: 200 }).notNull(),
    /** Lower shows first. */
    position: integer().notNull().default(0),
    enabled: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index().on(t.enabled, t.position)],
);
