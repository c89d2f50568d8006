import { sql } from 'drizzle-orm';
import {
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
import { users } from '../users/users.table';

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
    /** When it was opened: a scheduled reminder due before this is not sent (the opening notice said it). */
    openedAt: timestamp({ withTimezone: true }),
    /** The last reminder sent (by hand or on schedule): the cooldown counts from it. */
    lastRemindedAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('campaigns_plan_or_scale', sql`(${t.planId} is null) <> (${t.scaleId} is null)`),
    check('campaigns_window', sql`${t.closesAt} > ${t.opensAt}`),
    index().on(t.institutionId, t.createdAt),
    index().on(t.status, t.closesAt),
  ],
);

/** The units a campaign targets; their sub-units' members are targeted too. */
export const campaignUnits = pgTable(
  'campaign_units',
  {
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
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
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => orgMembers.id, { onDelete: 'cascade' }),
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
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar({ length: 10 }).notNull(),
    sms: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId, t.createdAt), index().on(t.campaignId)],
);
