import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { BasicInfoBody, FormField, ScaleScoreResult } from '@psy/contracts';
import { timestamps } from '../../db/columns';
import { institutions } from '../institutions/institutions.table';
import { orders } from '../orders/orders.table';
import { scales, scaleVersions } from '../scales/scales.table';
import { users } from '../users/users.table';

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

export const assessmentStatusEnum = pgEnum('assessment_status', ['in_progress', 'submitted']);
export const reportStatusEnum = pgEnum('report_status', ['generated', 'approved', 'returned']);

/** One person's taking of a scale or a plan. */
export const assessments = pgTable(
  'assessments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: varchar({ length: 10 }).$type<'scale' | 'plan'>().notNull(),
    scaleId: integer().references(() => scales.id),
    planId: integer().references(() => plans.id),
    activityId: integer().references(() => activities.id),
    title: varchar({ length: 100 }).notNull(),
    status: assessmentStatusEnum().notNull().default('in_progress'),
    consentText: text().notNull(),
    consentAcceptedAt: timestamp({ withTimezone: true }),
    basicInfo: jsonb().$type<BasicInfoBody>(),
    /** The expert who follows this person up (warnings, reports). */
    expertId: integer().references(() => users.id, { onDelete: 'set null' }),
    requiresApproval: boolean().notNull().default(false),
    priceFen: integer().notNull().default(0),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp({ withTimezone: true }),
    durationSeconds: integer(),
    ...timestamps,
  },
  (t) => [index().on(t.userId, t.startedAt), index().on(t.expertId, t.submittedAt)],
);

/** One scale inside an assessment, with the version it is scored with and the answers so far. */
export const assessmentParts = pgTable(
  'assessment_parts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    assessmentId: integer()
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    scaleId: integer()
      .notNull()
      .references(() => scales.id),
    scaleVersionId: integer()
      .notNull()
      .references(() => scaleVersions.id),
    /** By item number: the chosen option position. */
    answers: jsonb().$type<Record<string, number>>().notNull().default({}),
    status: assessmentStatusEnum().notNull().default('in_progress'),
    result: jsonb().$type<ScaleScoreResult>(),
    durationSeconds: integer(),
    submittedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.assessmentId, t.position)],
);

/** The full written result; paid when the scale or plan has a price. */
export const reports = pgTable('reports', {
  assessmentId: integer()
    .primaryKey()
    .references(() => assessments.id, { onDelete: 'cascade' }),
  status: reportStatusEnum().notNull(),
  reviewerId: integer().references(() => users.id, { onDelete: 'set null' }),
  reviewedAt: timestamp({ withTimezone: true }),
  comment: text(),
  orderId: integer().references(() => orders.id),
  paidAt: timestamp({ withTimezone: true }),
  ...timestamps,
});

export const warningStatusEnum = pgEnum('warning_status', ['pending', 'following', 'closed']);

/** 预警: raised by a scale's alert rules; followed up by the assigned expert. */
export const warnings = pgTable(
  'warnings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    assessmentId: integer()
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    expertId: integer().references(() => users.id, { onDelete: 'set null' }),
    level: integer().notNull(),
    reason: varchar({ length: 200 }).notNull(),
    scaleName: varchar({ length: 100 }).notNull(),
    status: warningStatusEnum().notNull().default('pending'),
    escalatedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index().on(t.expertId, t.status),
    index().on(t.status, t.createdAt),
    check('warning_level', sql`${t.level} between 1 and 3`),
  ],
);

export const warningProgress = pgTable('warning_progress', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  warningId: integer()
    .notNull()
    .references(() => warnings.id, { onDelete: 'cascade' }),
  actorId: integer()
    .notNull()
    .references(() => users.id),
  status: warningStatusEnum().notNull(),
  note: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
