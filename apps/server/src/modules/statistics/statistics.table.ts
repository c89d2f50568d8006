import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The statistics module's own tables: facts and daily rollups derived from `assessments`,
 * `assessment_parts`, `warnings` and `warning_progress` (and a person's institution, `users`),
 * never written by the application. Database triggers (migration 0017_statistics_rollups:
 * `stats_refresh_assessment`, `stats_refresh_warning`, `stats_rebuild_days`,
 * `stats_refresh_rollups`, `stats_rebuild_all`; 0050: `stats_person_moved`) keep them in step
 * with every write to those tables, whoever makes it, in the writing transaction:
 *
 * - the facts hold one narrow row per assessment, per scored part of a submitted one and per
 *   warning, with what the filters need already read out of the JSON (gender, age band,
 *   province, band, scores); they are rewritten for an assessment (or a warning) whenever it
 *   or one of its parts (follow-up records) changes;
 * - a change to an assessment also marks the Shanghai days it touches in `stats_dirty_days`;
 *   the sweeper rebuilds those days' rollup rows from the facts (`stats_refresh_rollups`) and
 *   clears the marks in one transaction. A reader takes the rollup only for days without a
 *   mark and the facts for the others, in one statement, so every figure is exact at every
 *   moment.
 *
 * Nothing here records a scope that can change: the expert of an assessment is the
 * assessment's own `expert_id` (kept as it was on a transfer), that of a warning the warning's
 * own (moved by a transfer: its row follows), and the person's institution is read from
 * `users` at query time, never copied. The rollups hold no scope at all: they answer only the
 * platform-wide (auditor) figures.
 */

/** One row per assessment, whatever its status (plans' completion needs the unfinished ones). */
export const statsAssessmentFacts = pgTable(
  'stats_assessment_facts',
  {
    assessmentId: integer().primaryKey(),
    userId: integer().notNull(),
    expertId: integer(),
    planId: integer(),
    activityId: integer(),
    submitted: boolean().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    /** Shanghai calendar day of started_at. */
    startedDay: date({ mode: 'string' }).notNull(),
    submittedAt: timestamp({ withTimezone: true }),
    /** Shanghai calendar day of submitted_at (null while unfinished). */
    day: date({ mode: 'string' }),
    /** From the basic info: gender as given, age band key (contracts' ageBands), two-digit province. */
    gender: text(),
    ageBand: text(),
    province: text(),
    /**
     * The day of the same person's previous submitted assessment (by submitted_at, id): the
     * people of a day range are the rows in it whose previous one lies before it.
     */
    prevDay: date({ mode: 'string' }),
  },
  (t) => [
    // Platform-wide counts by day with any filter, and the people of a range, from the index alone.
    index('stats_assessment_facts_day_cover').on(
      t.day,
      t.gender,
      t.ageBand,
      t.province,
      t.planId,
      t.activityId,
      t.userId,
      t.prevDay,
    ),
    index().on(t.expertId, t.day),
    index().on(t.userId, t.day),
    index()
      .on(t.startedDay)
      .where(sql`${t.planId} is not null`),
  ],
);

/** One row per scored part of a submitted assessment, with the assessment's who and when. */
export const statsPartFacts = pgTable(
  'stats_part_facts',
  {
    partId: integer().primaryKey(),
    assessmentId: integer().notNull(),
    userId: integer().notNull(),
    expertId: integer(),
    planId: integer(),
    activityId: integer(),
    gender: text(),
    ageBand: text(),
    province: text(),
    /** The assessment's submission: the time every figure places the part at. */
    submittedAt: timestamp({ withTimezone: true }).notNull(),
    day: date({ mode: 'string' }).notNull(),
    scaleId: integer().notNull(),
    /** The first part of this scale in its assessment: counts the assessment once per scale. */
    firstOfScale: boolean().notNull(),
    /** The main band's label, '未分级' without one. */
    band: text().notNull(),
    raw: doublePrecision(),
    std: doublePrecision(),
    positive: boolean().notNull(),
    /** [{ key, name, score }] of the result's dimensions, in the scale's order; null without any. */
    dims: jsonb().$type<{ key: string; name: string; score: number | null }[]>(),
    /**
     * Days of the same person's two previous takes of this scale (by submitted_at, part id):
     * in a day range a take is the person's first there when its previous one lies before the
     * range, the second when only the one before that does.
     */
    prevDay: date({ mode: 'string' }),
    prev2Day: date({ mode: 'string' }),
  },
  (t) => {
    /** The plan and activity filters, and what the band, score and cross-tab figures read. */
    const figures = [t.planId, t.activityId, t.band, t.firstOfScale, t.positive, t.raw, t.std] as const;
    return [
      // One scale over a day range with any filter (platform-wide), from the index alone: bands,
      // scores, cross-tabs, people and retakes read no table page.
      index('stats_part_facts_scale_day_cover').on(
        t.scaleId,
        t.day,
        t.gender,
        t.ageBand,
        t.province,
        ...figures,
        t.prevDay,
        t.prev2Day,
        t.userId,
      ),
      // One scale in one region (the data centre's drill-down: a province, and a gender and an age
      // band with it or not) over a day range: the cover index above has the day second, so such a
      // filter read every fact of the scale in the range (40,000 entries for 90 days at a million
      // assessments) to keep one in 370; this one reads those only, and from the index alone: with
      // the table's pages the drill-down's four statements read 2,800 scattered pages each for the
      // 3,600 facts of PHQ-9, women of 18-24 in Beijing over 90 days at a million (23 ms in all, 9
      // this way; 134 MB against 33 for the index without the figures' columns).
      index('stats_part_facts_scale_region_cover').on(
        t.scaleId,
        t.province,
        t.gender,
        t.ageBand,
        t.day,
        ...figures,
        t.userId,
        t.submittedAt,
        t.partId,
      ),
      // A day's facts (dirty days, rebuilds); the most taken scales under any filter, from the index alone.
      index('stats_part_facts_day_cover').on(
        t.day,
        t.scaleId,
        t.gender,
        t.ageBand,
        t.province,
        t.planId,
        t.activityId,
      ),
      index().on(t.assessmentId),
      index().on(t.expertId, t.day),
      index().on(t.userId, t.day),
    ];
  },
);

/**
 * One row per warning with what the big screen counts: its level, whether it is open, the
 * province of its assessment's basic info and the times of its first follow-up record and of
 * its closing record. Kept by triggers on `warnings`, `warning_progress` and (the province)
 * `assessments`; the expert is the warning's own (a transfer moves open warnings: the row follows).
 */
export const statsWarningFacts = pgTable(
  'stats_warning_facts',
  {
    warningId: integer().primaryKey(),
    assessmentId: integer().notNull(),
    userId: integer().notNull(),
    expertId: integer(),
    level: integer().notNull(),
    open: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    province: text(),
    firstAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    /**
     * The institution the person belongs to now: written with the fact, and again for all their
     * facts when they move (trigger `stats_person_moved` on users), both under the person's lock.
     */
    institutionId: integer(),
  },
  (t) => [
    index().on(t.createdAt),
    index().on(t.expertId, t.createdAt),
    index().on(t.userId),
    index().on(t.assessmentId),
    // Open warnings of an institution's people (by person), from the index alone.
    index('stats_warning_facts_open_user')
      .on(t.userId)
      .where(sql`${t.open}`),
    // Open warnings by institution (the platform's most warned institutions) from the index alone.
    index('stats_warning_facts_open_institution')
      .on(t.institutionId)
      .where(sql`${t.open}`),
  ],
);

/** Submitted assessments per Shanghai day and every filter the platform-wide figures allow. */
export const statsDailyAssessments = pgTable(
  'stats_daily_assessments',
  {
    day: date({ mode: 'string' }).notNull(),
    planId: integer(),
    activityId: integer(),
    gender: text(),
    ageBand: text(),
    province: text(),
    n: integer().notNull(),
  },
  (t) => [
    // Every column, so a range of days is read from the index alone (a million assessments
    // leave ~320 rows a day here: every plan, gender, age band and province seen that day).
    index('stats_daily_assessments_day_cover').on(
      t.day,
      t.planId,
      t.activityId,
      t.gender,
      t.ageBand,
      t.province,
      t.n,
    ),
  ],
);

/**
 * Takes per Shanghai day by the day of the person's previous take (`kind` 1) and of the one
 * before it (`kind` 2); null: there is none. In a day range a take is the person's first there
 * when its previous one lies before the range (the people of the range are these), their third
 * or later when the one before the previous lies in it, else their second. `scale_id` null
 * counts submitted assessments (any scale, kind 1 only), a scale its scored parts, with their
 * raw scores for the retakes' means.
 */
export const statsDailyTakes = pgTable(
  'stats_daily_takes',
  {
    day: date({ mode: 'string' }).notNull(),
    scaleId: integer(),
    kind: smallint().notNull(),
    prevDay: date({ mode: 'string' }),
    n: integer().notNull(),
    nRaw: integer().notNull(),
    sumRaw: doublePrecision().notNull(),
  },
  (t) => [
    // A scale's (or all assessments') takes whose previous take lies in a day range, from the
    // index alone: the figures read only these (a triangle of days), never every previous day of
    // every day (46,000 rows for PHQ-9 over 90 days at a million assessments, 7,300 this way).
    index('stats_daily_takes_scale_kind_prev').on(t.scaleId, t.kind, t.prevDay, t.day, t.n, t.nRaw, t.sumRaw),
    index().on(t.day),
  ],
);

/** Plans' assessments per Shanghai day they were started: started, completed, unfinished. */
export const statsDailyPlans = pgTable(
  'stats_daily_plans',
  {
    day: date({ mode: 'string' }).notNull(),
    planId: integer().notNull(),
    activityId: integer(),
    gender: text(),
    ageBand: text(),
    province: text(),
    started: integer().notNull(),
    completed: integer().notNull(),
    unfinished: integer().notNull(),
  },
  (t) => [
    // Every column: the plans' figures over a range of days from the index alone.
    index('stats_daily_plans_day_cover').on(
      t.day,
      t.planId,
      t.activityId,
      t.gender,
      t.ageBand,
      t.province,
      t.started,
      t.completed,
      t.unfinished,
    ),
    // A province filter (the map's drill-down) reads its province's rows alone: by day first it
    // read every row of the range (11,000 for 90 days at a million, 0.9 ms) to keep 100.
    index('stats_daily_plans_province_cover').on(
      t.province,
      t.day,
      t.gender,
      t.ageBand,
      t.activityId,
      t.planId,
      t.started,
      t.completed,
      t.unfinished,
    ),
  ],
);

/**
 * The two rollups above added up for the figures without a plan, activity, gender or age band
 * filter (the big screen, the data centre unfiltered): submitted assessments per day and
 * province, plans' assessments per start day and plan. Rebuilt from them for the same days
 * (`stats_rebuild_days`, migration 0052): a million assessments leave ~340 rows a day in
 * `stats_daily_assessments` and ~135 in `stats_daily_plans`; here 32 (one per province) and one
 * per plan started that day.
 */
export const statsDailyAssessmentProvinces = pgTable(
  'stats_daily_assessment_provinces',
  {
    day: date({ mode: 'string' }).notNull(),
    province: text(),
    n: integer().notNull(),
  },
  (t) => [index('stats_daily_assessment_provinces_day_cover').on(t.day, t.province, t.n)],
);

export const statsDailyPlanTotals = pgTable(
  'stats_daily_plan_totals',
  {
    day: date({ mode: 'string' }).notNull(),
    planId: integer().notNull(),
    started: integer().notNull(),
    completed: integer().notNull(),
    unfinished: integer().notNull(),
  },
  (t) => [
    index('stats_daily_plan_totals_day_cover').on(t.day, t.planId, t.started, t.completed, t.unfinished),
  ],
);

/**
 * Scored parts per Shanghai day, scale and band, in four grains (grouping sets): 0 the band
 * alone, 1 by gender, 2 by age band, 3 by province; the columns a grain does not group by are null.
 */
export const statsDailyParts = pgTable(
  'stats_daily_parts',
  {
    day: date({ mode: 'string' }).notNull(),
    grain: smallint().notNull(),
    scaleId: integer().notNull(),
    band: text().notNull(),
    gender: text(),
    ageBand: text(),
    province: text(),
    /** Parts, and assessments (first part of the scale) among them. */
    n: integer().notNull(),
    assessments: integer().notNull(),
    nRaw: integer().notNull(),
    sumRaw: doublePrecision().notNull(),
    nStd: integer().notNull(),
    sumStd: doublePrecision().notNull(),
    positive: integer().notNull(),
    /** The lowest raw score: bands are shown in score order. */
    minRaw: doublePrecision(),
  },
  (t) => [
    // A scale's figures (any grains) over a range of days, from the index alone. The planner
    // took the day index for them and filtered out the other scales' rows (52,000 of 63,000
    // for PHQ-9 over 90 days at a million assessments).
    index('stats_daily_parts_scale_cover').on(
      t.scaleId,
      t.grain,
      t.day,
      t.band,
      t.gender,
      t.ageBand,
      t.province,
      t.n,
      t.assessments,
      t.nRaw,
      t.sumRaw,
      t.nStd,
      t.sumStd,
      t.positive,
      t.minRaw,
    ),
    // The most taken scales over a range of days (the band grain of every scale).
    index('stats_daily_parts_grain_day_cover').on(t.grain, t.day, t.scaleId, t.n),
    // The sweeper rebuilds a day.
    index().on(t.day),
  ],
);

/** Dimension scores of scored parts per Shanghai day, scale and dimension key. */
export const statsDailyDimensions = pgTable(
  'stats_daily_dimensions',
  {
    day: date({ mode: 'string' }).notNull(),
    scaleId: integer().notNull(),
    key: text().notNull(),
    /** min() of the names and positions seen, as the figures show them. */
    name: text(),
    ord: integer().notNull(),
    n: integer().notNull(),
    sum: doublePrecision().notNull(),
  },
  (t) => [index().on(t.scaleId, t.day), index().on(t.day)],
);

/** Days whose facts changed since their rollup rows were last built (duplicates are harmless). */
export const statsDirtyDays = pgTable(
  'stats_dirty_days',
  {
    day: date({ mode: 'string' }).notNull(),
    markedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.day)],
);

/** Grains of `stats_daily_parts`. */
export const PART_GRAIN = { band: 0, gender: 1, ageBand: 2, province: 3 } as const;
