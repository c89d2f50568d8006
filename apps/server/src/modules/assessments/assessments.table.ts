import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { BasicInfoBody, ScaleScoreResult } from '@psy/contracts';
import { timestamps } from '../../db/columns';
import { activities, plans } from '../plans/plans.table';
import { scales, scaleVersions } from '../scales';
import { users } from '../users';

export const assessmentStatusEnum = pgEnum('assessment_status', ['in_progress', 'submitted']);

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
    /**
     * The name given in the basic information (null when none was asked or given), kept by
     * PostgreSQL from `basic_info`: the name search reads it from the indexes below, where an
     * expression over `basic_info` would send every candidate row to the heap.
     */
    givenName: text().generatedAlwaysAs(sql`(basic_info->>'name')`),
    /** The expert who follows this person up (warnings, reports). */
    expertId: integer().references(() => users.id, { onDelete: 'set null' }),
    requiresApproval: boolean().notNull().default(false),
    priceFen: integer().notNull().default(0),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp({ withTimezone: true }),
    durationSeconds: integer(),
    /**
     * The highest level of its warnings (none: null), kept by triggers on `warnings` (migration
     * 0031): the experts' and auditors' level filter and its counts read it, not the warnings.
     */
    maxWarningLevel: smallint(),
    ...timestamps,
  },
  (t) => [
    index().on(t.userId, t.startedAt),
    // A person's submitted assessments, newest first: each part of a report reads its scale's
    // trend from the newest ten of them instead of sorting every one the person has taken.
    index('assessments_user_submitted')
      .on(t.userId, t.submittedAt, t.id)
      .where(sql`${t.status} = 'submitted'`),
    index().on(t.expertId, t.submittedAt),
    // An expert's own side of their list, newest first: its filters (status, warning level), its
    // name search (title, given name, person) and its counts read from the index alone,
    // whatever the expert's number of assessments.
    index('assessments_expert_started').on(
      t.expertId,
      t.startedAt,
      t.id,
      t.status,
      t.maxWarningLevel,
      t.userId,
      t.title,
      t.givenName,
    ),
    // Statistics: submitted assessments by time range, and plans' completion by start.
    index().on(t.status, t.submittedAt),
    index().on(t.planId, t.startedAt),
    // The auditor's list of every assessment, newest first (a page reads the index's first rows).
    index().on(t.startedAt, t.id),
    // The catalogue's counts from the index alone: plans taken, activities' participants.
    index('assessments_submitted_plan')
      .on(t.planId)
      .where(sql`${t.status} = 'submitted'`),
    index('assessments_activity_user')
      .on(t.activityId, t.userId)
      .where(sql`${t.activityId} is not null`),
    // The level filter of the experts' and auditors' lists, in their order (3 % of assessments).
    index('assessments_warning_level')
      .on(t.maxWarningLevel, t.startedAt, t.id)
      .where(sql`${t.maxWarningLevel} is not null`),
    // The name and title search of the expert's and auditor's lists (`nameOrTitleContains`).
    index('assessments_title_trgm').using('gin', t.title.op('gin_trgm_ops')),
    index('assessments_given_name_trgm').using('gin', t.givenName.op('gin_trgm_ops')),
    // Its account-name side: only the assessments given no name search by the account's name.
    index('assessments_unnamed_user')
      .on(t.userId)
      .where(sql`${t.givenName} is null`),
  ],
);

/**
 * How many assessments there are in each status and highest warning level (0: none), kept by
 * statement triggers on `assessments` (migrations 0029 and 0031: inserts, changes of status or
 * level, deletes and truncation, in the writing transaction), so the whole platform's totals are
 * one small read instead of a count over every assessment. Never written by the application.
 */
export const assessmentCounts = pgTable(
  'assessment_counts',
  {
    status: assessmentStatusEnum().notNull(),
    warningLevel: smallint().notNull().default(0),
    n: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.warningLevel] })],
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
  (t) => [
    uniqueIndex().on(t.assessmentId, t.position),
    // Statistics: one scale's scored parts by time.
    index().on(t.scaleId, t.submittedAt),
    // The catalogue's "taken" count of a scale from the index alone.
    index('assessment_parts_submitted_scale')
      .on(t.scaleId)
      .where(sql`${t.status} = 'submitted'`),
  ],
);
