import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { assessments } from '../assessments/assessments.table';
import { institutions } from '../institutions/institutions.table';
import { orgMembers, orgUnits } from '../org/org.table';
import { plans } from '../plans/plans.table';
import { scales } from '../scales/scales.table';
import { userRef, users } from '../users/users.table';
import { warnings } from '../warnings/warnings.table';

export const campaignStatusEnum = pgEnum('campaign_status', ['draft', 'open', 'closed']);

/**
 * 筛查活动: a plan or a scale (exactly one) for the members of some units of one institution,
 * within a window. Edited only as a draft; opening tells every targeted member.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer()
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    title: varchar({ length: 60 }).notNull(),
    planId: integer().references(() => plans.id, { onDelete: 'restrict' }),
    scaleId: integer().references(() => scales.id, { onDelete: 'restrict' }),
    consentText: text().notNull(),
    showResultToMember: boolean().notNull().default(true),
    opensAt: timestamp({ withTimezone: true }).notNull(),
    closesAt: timestamp({ withTimezone: true }).notNull(),
    status: campaignStatusEnum().notNull().default('draft'),
    /** Days before `closes_at` on which the unfinished are reminded (the sweeper's schedule). */
    reminderDaysBeforeClose: integer()
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /**
     * 联系时限: hours to a first contact by warning level (低危, 中危, 高危), at every routing step
     * (`CAMPAIGN_CONTACT_HOURS_DEFAULT`).
     */
    contactHours: integer()
      .array()
      .notNull()
      .default(sql`'{72,48,24}'::int[]`),
    /** When it was opened: a scheduled reminder due before this is not sent (the opening notice said it). */
    openedAt: timestamp({ withTimezone: true }),
    /** The last reminder sent (by hand or on schedule): the cooldown counts from it. */
    lastRemindedAt: timestamp({ withTimezone: true }),
    /** 复测: the campaign whose people with warnings this one re-tests (it lists them in campaign_members). */
    retestOf: integer().references((): AnyPgColumn => campaigns.id, { onDelete: 'restrict' }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('campaigns_plan_or_scale', sql`(${t.planId} is null) <> (${t.scaleId} is null)`),
    check('campaigns_window', sql`${t.closesAt} > ${t.opensAt}`),
    check('campaigns_contact_hours', sql`cardinality(${t.contactHours}) = 3`),
    index().on(t.institutionId, t.createdAt),
    index().on(t.status, t.closesAt),
    index().on(t.retestOf),
  ],
);

/** A required reference to a campaign, deleted with it. */
const campaignRef = () =>
  integer()
    .notNull()
    .references(() => campaigns.id, { onDelete: 'cascade' });

/** A required reference to a roster member, deleted with them. */
const memberRef = () =>
  integer()
    .notNull()
    .references(() => orgMembers.id, { onDelete: 'cascade' });

/**
 * The people a campaign lists by name (a re-test's). A campaign with rows here targets only
 * them, still through its units (which stay the roots its figures are grouped by); one without
 * targets every member of its units.
 */
export const campaignMembers = pgTable(
  'campaign_members',
  {
    campaignId: campaignRef(),
    memberId: memberRef(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.memberId] }), index().on(t.memberId)],
);

/** The units a campaign targets; their sub-units' members are targeted too. */
export const campaignUnits = pgTable(
  'campaign_units',
  {
    campaignId: campaignRef(),
    unitId: integer()
      .notNull()
      .references(() => orgUnits.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.unitId] }), index().on(t.unitId)],
);

/**
 * A member's take of a campaign: the assessment they started through the ordinary plan/scale
 * flow. Whether it is finished is the assessment's own status (joined, never copied).
 */
export const campaignTakes = pgTable(
  'campaign_takes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    campaignId: campaignRef(),
    memberId: memberRef(),
    assessmentId: integer().references(() => assessments.id, { onDelete: 'set null' }),
    consentedAt: timestamp({ withTimezone: true }).notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('campaign_takes_member').on(t.campaignId, t.memberId),
    uniqueIndex('campaign_takes_assessment').on(t.assessmentId),
  ],
);

/**
 * Every opening notice and reminder sent to an account, and whether it went by SMS too: the
 * per-phone SMS cap (`CAMPAIGN_SMS_PER_PHONE_PER_DAY`) is counted from here, so it holds
 * across instances.
 */
export const campaignNotices = pgTable(
  'campaign_notices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    campaignId: campaignRef(),
    userId: userRef(),
    kind: varchar({ length: 10 }).notNull(),
    sms: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId, t.createdAt), index().on(t.campaignId)],
);

/**
 * 预警分级处置: each step of a campaign warning's way up the units. Step 0 goes to the nearest unit
 * with staff (the person's own, else the first above it that has staff); each escalation marks the
 * step `escalated_at` and adds the next one, in one transaction, so a step is taken once however
 * many sweepers run. `unit_id` null is the centre (the auditors), where there is no deadline.
 * A first contact recorded by unit staff is kept on the step it was made at and stops the climb.
 */
export const campaignWarningRoutes = pgTable(
  'campaign_warning_routes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    warningId: integer()
      .notNull()
      .references(() => warnings.id, { onDelete: 'cascade' }),
    campaignId: campaignRef(),
    memberId: memberRef(),
    step: integer().notNull(),
    unitId: integer().references(() => orgUnits.id, { onDelete: 'restrict' }),
    routedAt: timestamp({ withTimezone: true }).notNull(),
    dueAt: timestamp({ withTimezone: true }),
    contactedAt: timestamp({ withTimezone: true }),
    contactedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    contactNote: varchar({ length: 200 }),
    escalatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('campaign_warning_routes_step').on(t.warningId, t.step),
    index().on(t.campaignId),
    index().on(t.unitId),
    // The sweeper's question: open steps whose deadline has passed.
    index('campaign_warning_routes_due')
      .on(t.dueAt)
      .where(sql`${t.contactedAt} is null and ${t.escalatedAt} is null and ${t.dueAt} is not null`),
  ],
);
