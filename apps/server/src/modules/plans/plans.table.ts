import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { FormField } from '@psy/contracts';
import { timestamps } from '../../db/columns';
import { institutions } from '../institutions';
import { scales } from '../scales';
import { users } from '../users';

/** 测评方案: an ordered set of scales with guidance, consent and a basic-info form. */
export const plans = pgTable('plans', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  title: varchar({ length: 100 }).notNull().unique(),
  intro: text().notNull(),
  guidance: text().notNull(),
  consentText: text().notNull(),
  formFields: jsonb().$type<FormField[]>().notNull().default([]),
  priceFen: integer().notNull().default(0),
  /** Reports of this plan reach the user only after an expert or auditor approves them. */
  requiresApproval: boolean().notNull().default(false),
  published: boolean().notNull().default(true),
  authorId: integer().references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

export const planScales = pgTable(
  'plan_scales',
  {
    planId: integer()
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    scaleId: integer()
      .notNull()
      .references(() => scales.id, { onDelete: 'restrict' }),
    position: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.position] })],
);

/** 活动: a campaign with a time window around a plan or a scale. */
export const activities = pgTable(
  'activities',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: varchar({ length: 100 }).notNull().unique(),
    intro: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    planId: integer().references(() => plans.id),
    scaleId: integer().references(() => scales.id),
    institutionId: integer().references(() => institutions.id),
    formFields: jsonb().$type<FormField[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [check('activity_target', sql`(${t.planId} is null) <> (${t.scaleId} is null)`)],
);
