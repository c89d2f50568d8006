import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ScaleDefinitionInput } from '@psy/contracts';
import { timestamps } from '../../db/columns';
import { users } from '../users';

export const contentStatusEnum = pgEnum('content_status', [
  'draft',
  'pending_review',
  'published',
  'rejected',
  'offline',
]);

/**
 * A scale and its lifecycle state (`status`, written by the review workflow and by going
 * on/offline). What the public sees is `publishedVersionId`; the author edits `draft`, and
 * approval of a submitted draft makes a new version. A scale is public while it has a
 * published version and is not offline. Who submitted and reviewed it, when and why, are in
 * review_requests (kind 'scale').
 */
export const scales = pgTable(
  'scales',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: varchar({ length: 20 }).notNull().unique(),
    name: varchar({ length: 100 }).notNull(),
    shortName: varchar({ length: 30 }).notNull(),
    intro: text().notNull(),
    category: varchar({ length: 20 }).notNull(),
    priceFen: integer().notNull().default(0),
    builtin: boolean().notNull().default(false),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    status: contentStatusEnum().notNull().default('draft'),
    draft: jsonb().$type<ScaleDefinitionInput>().notNull(),
    publishedVersionId: integer(),
    ...timestamps,
  },
  (t) => [
    index().on(t.status),
    index().on(t.authorId),
    index('scales_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    check('scale_price_nonnegative', sql`${t.priceFen} >= 0`),
  ],
);

/** An immutable snapshot of a scale's rules; every assessment keeps the version it was scored with. */
export const scaleVersions = pgTable(
  'scale_versions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    scaleId: integer()
      .notNull()
      .references(() => scales.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    definition: jsonb().$type<ScaleDefinitionInput>().notNull(),
    itemCount: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.scaleId, t.version)],
);
