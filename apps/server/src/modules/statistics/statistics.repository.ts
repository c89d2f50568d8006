import type { AgeBandKey } from '@psy/contracts';
import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { executeRows } from '../../db/rows';
import { assessmentParts, assessments } from '../assessments';
import { institutions } from '../institutions';
import { activities, plans } from '../plans';
import { scales, scaleVersions } from '../scales';
import { users } from '../users';
import { warnings } from '../warnings';
import type { Scope } from './statistics.policy';
import {
  PART_GRAIN,
  statsAssessmentFacts as af,
  statsDailyAssessmentProvinces as dailyProvinces,
  statsDailyAssessments as dailyAssessments,
  statsDailyDimensions as dailyDimensions,
  statsDailyParts as dailyParts,
  statsDailyTakes as dailyTakes,
  statsDailyPlanTotals as dailyPlanTotals,
  statsDailyPlans as dailyPlans,
  statsDirtyDays,
  statsPartFacts as pf,
  statsWarningFacts as wf,
} from './statistics.table';

/**
 * Every figure of the dashboards, counted by PostgreSQL (never by loading rows into Node).
 *
 * Where the figures come from (statistics.table.ts says how they are kept):
 * - platform-wide figures (an auditor's scope, no institution filter) add up the daily rollups
 *   for the days without a dirty mark and the facts for the marked ones, in one statement;
 * - an expert's scopes, an institution filter and the filters the rollups do not group by are
 *   counted on the facts, on their indexes (narrow: one expert's or institution's people);
 * - the people of a range and the retakes need each person's own order of takes: the facts
 *   hold the days of each take's previous ones (`prev_day`), so a person-level filter counts
 *   them from an index alone; any other filter counts distinct people and numbers the takes;
 * - warnings are counted on their facts (one row each, with province and follow-up times).
 */

/** The filters of the data centre, resolved: the scope is the caller's, days are Shanghai days. */
export interface Filter {
  scope: Scope;
  /** First and last Shanghai day of the range, both included. */
  fromDay: string;
  toDay: string;
  /** The same range as instants: inclusive start, exclusive end (the export reads raw rows). */
  fromAt: Date;
  toAt: Date;
  scaleId?: number | undefined;
  planId?: number | undefined;
  activityId?: number | undefined;
  institutionId?: number | undefined;
  gender?: 'male' | 'female' | undefined;
  ageBand?: AgeBandKey | undefined;
  province?: string | undefined;
}

/** One row of the part figures: a band, optionally by one of gender, age band or province. */
export interface PartFigureRow {
  scaleId: number;
  grain: number;
  band: string;
  gender: string | null;
  ageBand: string | null;
  province: string | null;
  n: number;
  assessments: number;
  nRaw: number;
  sumRaw: number;
  nStd: number;
  sumStd: number;
  positive: number;
  minRaw: number | null;
}

type N = number;
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const day = (d: string) => sql`${d}::date`;
/** The Shanghai calendar day (YYYY-MM-DD) of a timestamptz column. */
const shanghaiDay = (col: AnyColumn) =>
  sql<string>`to_char((${col} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

const info = (key: string) => sql`(${assessments.basicInfo} ->> ${key})`;
const provinceOf = sql<string>`left(${assessments.basicInfo} ->> 'regionCode', 2)`;

const peopleOfInstitution = (id: number) =>
  sql`(select ${users.id} from ${users} where ${users.institutionId} = ${id})`;

/** The caller's people, on warnings (the warnings module's own rule: the assigned expert). */
function warningScope(s: Scope): SQL | undefined {
  if (s.kind === 'all') return undefined;
  if (s.kind === 'mine') return eq(warnings.expertId, s.expertId);
  return sql`${warnings.userId} in ${peopleOfInstitution(s.institutionId)}`;
}

/**
 * The ids of the newest `limit` warnings of an institution's people, found person by person
 * (each person's newest on `warnings (user_id, created_at)`). Filtering the newest warnings of
 * the whole platform by institution instead walks every warning when the institution has few or
 * none: 150 ms at a million assessments, 5 ms this way for an institution of 500 people.
 */
const newestWarningsOfInstitution = (institutionId: number, limit: number) =>
  sql`(select lw.id from ${users} p cross join lateral (
      select w.id, w.created_at from ${warnings} w where w.user_id = p.id
      order by w.created_at desc, w.id desc limit ${limit}
    ) lw where p.institution_id = ${institutionId}
    order by lw.created_at desc, lw.id desc limit ${limit})`;

/** The caller's people, on warning facts: the warning's own expert, or the person's institution now. */
function warningFactScope(s: Scope): SQL | undefined {
  if (s.kind === 'all') return undefined;
  if (s.kind === 'mine') return eq(wf.expertId, s.expertId);
  return sql`${wf.userId} in ${peopleOfInstitution(s.institutionId)}`;
}

/**
 * The days with a dirty mark (their rollup rows may be stale, their facts are not), as an
 * array the statement computes once: the planner then reads those days' facts on the day
 * index instead of joining a whole range of facts with a table it has no statistics for.
 */
const dirtyDays = (extra?: string) =>
  extra
    ? sql`array(select ${statsDirtyDays.day} from ${statsDirtyDays} union select ${day(extra)})`
    : sql`array(select ${statsDirtyDays.day} from ${statsDirtyDays})`;
const isDirty = (col: AnyColumn, extra?: string) => sql`${col} = any(${dirtyDays(extra)})`;
const isClean = (col: AnyColumn, extra?: string) => sql`${col} <> all(${dirtyDays(extra)})`;
const inRange = (col: AnyColumn, f: { fromDay: string; toDay: string }) =>
  sql`${col} between ${day(f.fromDay)} and ${day(f.toDay)}`;

/** Tables with the columns of the assessment filters (facts and the assessment rollups). */
interface FilterColumns {
  planId: AnyColumn;
  activityId: AnyColumn;
  gender: AnyColumn;
  ageBand: AnyColumn;
  province: AnyColumn;
}

/** Plan, activity, gender, age band and province: what the assessment rollups group by. */
function columnFilters(t: FilterColumns, f: Filter): SQL | undefined {
  return and(
    f.planId ? eq(t.planId, f.planId) : undefined,
    f.activityId ? eq(t.activityId, f.activityId) : undefined,
    f.gender ? eq(t.gender, f.gender) : undefined,
    f.ageBand ? eq(t.ageBand, f.ageBand) : undefined,
    f.province ? eq(t.province, f.province) : undefined,
  );
}

/** The caller's scope and the institution filter on a facts table (people, never copied). */
function factScope(t: { userId: AnyColumn; expertId: AnyColumn }, f: Filter): SQL | undefined {
  const s = f.scope;
  return and(
    s.kind === 'mine' ? eq(t.expertId, s.expertId) : undefined,
    s.kind === 'institution' ? sql`${t.userId} in ${peopleOfInstitution(s.institutionId)}` : undefined,
    f.institutionId ? sql`${t.userId} in ${peopleOfInstitution(f.institutionId)}` : undefined,
  );
}

/** Every filter but the scale and the range, on a facts table. */
const factFilters = (t: typeof af | typeof pf, f: Filter) => and(factScope(t, f), columnFilters(t, f));

/** Platform-wide and no institution: the assessment and plan rollups answer (they group by the rest). */
const platformWide = (f: Filter) => f.scope.kind === 'all' && !f.institutionId;
/**
 * The day's submitted assessments: by province (a filter on it at most) from their sums per
 * province, else from the rollup grouped by every filter column.
 */
function dailyAssessmentRows(f: Filter): SQL {
  if (!f.planId && !f.activityId && !f.gender && !f.ageBand) {
    return sql`select ${dailyProvinces.day} as day, ${dailyProvinces.province} as province, ${dailyProvinces.n} as n
      from ${dailyProvinces}
      where ${and(
        inRange(dailyProvinces.day, f),
        isClean(dailyProvinces.day),
        f.province ? eq(dailyProvinces.province, f.province) : undefined,
      )}`;
  }
  return sql`select ${dailyAssessments.day} as day, ${dailyAssessments.province} as province, ${dailyAssessments.n} as n
    from ${dailyAssessments}
    where ${and(inRange(dailyAssessments.day, f), isClean(dailyAssessments.day), columnFilters(dailyAssessments, f))}`;
}

/** The part rollups group by scale and band only (and one of gender, age band, province for cross-tabs). */
const partsRollup = (f: Filter) =>
  platformWide(f) && !f.planId && !f.activityId && !f.gender && !f.ageBand && !f.province;
/**
 * Filters that take or leave a person whole (scope all or institution, an institution): each
 * person's chain of takes (`prev_day`) is then theirs within the filter too.
 */
const personLevel = (f: Filter) =>
  f.scope.kind !== 'mine' && !f.planId && !f.activityId && !f.gender && !f.ageBand && !f.province;

/** The cross-tab grains and the facts' column each groups by. */
const crossColumns = [
  [PART_GRAIN.gender, pf.gender, 'gender'],
  [PART_GRAIN.ageBand, pf.ageBand, 'age_band'],
  [PART_GRAIN.province, pf.province, 'province'],
] as const;

/**
 * The part figures' grain and key columns, and what they group by, for the grains asked: the
 * band alone (grain 0) groups by scale and band; each cross-tab adds a grouping set of its
 * column. A column no set groups by is null (grouping() may name only grouped columns).
 */
function grainGroups(grains: number[]) {
  const crossed = crossColumns.filter(([g]) => grains.includes(g));
  const columns = crossColumns.map(([g, col, name]) =>
    grains.includes(g) ? sql`${col} as ${sql.raw(name)}` : sql`null::text as ${sql.raw(name)}`,
  );
  const keys = sql.join(columns, sql`, `);
  if (!crossed.length) return { grain: sql`0 as grain`, keys, groupBy: sql`` };
  const grain = sql`case ${sql.join(
    crossed.map(([g, col]) => sql`when grouping(${col}) = 0 then ${sql.raw(String(g))}`),
    sql` `,
  )} else 0 end as grain`;
  const sets = [
    ...(grains.includes(PART_GRAIN.band) ? [sql`()`] : []),
    ...crossed.map(([, col]) => sql`(${col})`),
  ];
  return {
    grain,
    keys,
    groupBy: sql`, grouping sets (${sql.join(sets, sql`, `)})`,
  };
}

/**
 * The takes rollup's rows, on clean days of the range, whose previous take (`kind` 1) or the one
 * before it (`kind` 2) lies in the range too: second-or-later and third-or-later takes there. A
 * previous take is never later than its take, so these are a triangle of (day, previous day)
 * read by `stats_daily_takes_scale_kind_prev`, not every previous day of every day.
 */
const repeatTakes = (f: Filter, scaleId: number | null, kinds: number[]) =>
  and(
    scaleId === null ? sql`${dailyTakes.scaleId} is null` : eq(dailyTakes.scaleId, scaleId),
    inArray(dailyTakes.kind, kinds),
    inRange(dailyTakes.prevDay, f),
    inRange(dailyTakes.day, f),
    isClean(dailyTakes.day),
  );

export const statisticsRepository = {
  /** Runs `query` in a transaction with parallel workers and JIT off for it (`set local`). */
  async serially<T>(db: Db, query: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)`,
      );
      return query(tx);
    });
  },

  async institutionOf(db: DbOrTx, userId: number): Promise<number | null> {
    const [u] = await db.select({ id: users.institutionId }).from(users).where(eq(users.id, userId));
    return u?.id ?? null;
  },

  async scaleById(db: DbOrTx, id: number) {
    const [s] = await db
      .select({ id: scales.id, name: scales.name, shortName: scales.shortName, code: scales.code })
      .from(scales)
      .where(eq(scales.id, id));
    return s;
  },

  // ---- assessments and people ----

  /** Submitted assessments per Shanghai day (those with a part of the scale, when one is asked for). */
  async assessmentsByDay(db: DbOrTx, f: Filter) {
    let query: SQL;
    if (f.scaleId && partsRollup(f)) {
      query = sql`select day, sum(n)::int as n from (
          select ${dailyParts.day} as day, ${dailyParts.assessments} as n from ${dailyParts}
          where ${dailyParts.grain} = ${PART_GRAIN.band} and ${dailyParts.scaleId} = ${f.scaleId}
            and ${inRange(dailyParts.day, f)} and ${isClean(dailyParts.day)}
          union all
          select ${pf.day}, 1 from ${pf}
          where ${pf.scaleId} = ${f.scaleId} and ${pf.firstOfScale} and ${inRange(pf.day, f)} and ${isDirty(pf.day)}
        ) x group by day`;
    } else if (f.scaleId) {
      query = sql`select ${pf.day} as day, count(*)::int as n from ${pf}
        where ${and(eq(pf.scaleId, f.scaleId), sql`${pf.firstOfScale}`, inRange(pf.day, f), factFilters(pf, f))}
        group by 1`;
    } else if (platformWide(f)) {
      query = sql`select day, sum(n)::int as n from (
          select day, n from (${dailyAssessmentRows(f)}) d
          union all
          select ${af.day}, 1 from ${af}
          where ${and(inRange(af.day, f), isDirty(af.day), columnFilters(af, f))}
        ) x group by day`;
    } else {
      query = sql`select ${af.day} as day, count(*)::int as n from ${af}
        where ${and(inRange(af.day, f), factFilters(af, f))} group by 1`;
    }
    return executeRows<{ day: string; n: N }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, n from (${query}) d`,
    );
  },

  /**
   * The people who submitted in the range (with a part of the scale, when one is asked for).
   * A person is counted at their first take in the range: the one whose previous take lies
   * before it. Filters that split a person's takes count distinct people instead.
   */
  async people(db: DbOrTx, f: Filter): Promise<number> {
    const t = f.scaleId ? pf : af;
    const where = and(
      f.scaleId ? eq(pf.scaleId, f.scaleId) : undefined,
      inRange(t.day, f),
      factFilters(t, f),
    );
    const first = (prev: AnyColumn) => sql`(${prev} is null or ${prev} < ${day(f.fromDay)})`;
    let query: SQL;
    if (personLevel(f) && platformWide(f)) {
      // Every take of the clean days, less those whose previous take lies in the range.
      const total = f.scaleId
        ? sql`select ${dailyParts.n} as n from ${dailyParts}
            where ${dailyParts.grain} = ${PART_GRAIN.band} and ${dailyParts.scaleId} = ${f.scaleId}
              and ${inRange(dailyParts.day, f)} and ${isClean(dailyParts.day)}`
        : sql`select n from (${dailyAssessmentRows(f)}) d`;
      query = sql`select sum(n)::int as n from (
          ${total}
          union all
          select -${dailyTakes.n} from ${dailyTakes} where ${repeatTakes(f, f.scaleId ?? null, [1])}
          union all
          select 1 from ${t} where ${and(where, isDirty(t.day), first(t.prevDay))}
        ) x`;
    } else if (personLevel(f)) {
      query = sql`select count(*) filter (where ${first(t.prevDay)})::int as n from ${t} where ${where}`;
    } else {
      query = sql`select count(distinct ${t.userId})::int as n from ${t} where ${where}`;
    }
    const [r] = await executeRows<{ n: N | null }>(db, query);
    return r?.n ?? 0;
  },

  /** Submitted assessments since `fromDay` by the province of the basic info. */
  async assessmentsByProvince(db: DbOrTx, f: Filter) {
    return executeRows<{ code: string | null; n: N }>(
      db,
      platformWide(f)
        ? sql`select code, sum(n)::int as n from (
            select province as code, n from (${dailyAssessmentRows(f)}) d
            union all
            select ${af.province}, 1 from ${af} where ${and(inRange(af.day, f), isDirty(af.day), columnFilters(af, f))}
          ) x group by code`
        : sql`select ${af.province} as code, count(*)::int as n from ${af}
            where ${and(inRange(af.day, f), factFilters(af, f))} group by 1`,
    );
  },

  /** Plans' assessments started in the range: started, completed, and dropped (unfinished, started before `droppedBefore`). */
  async plans(db: DbOrTx, f: Filter, droppedBefore: Date, droppedDay: string) {
    const raw = (days?: SQL) => sql`
      select ${af.planId} as plan_id, 1 as started, ${af.submitted}::int as completed,
        (not ${af.submitted} and ${af.startedAt} < ${ts(droppedBefore)})::int as dropped
      from ${af}
      where ${and(sql`${af.planId} is not null`, inRange(af.startedDay, f), days, platformWide(f) ? columnFilters(af, f) : factFilters(af, f))}`;
    // The day `droppedBefore` falls on is split by it: counted from the facts, as dirty days are.
    // Without an activity, gender, age band or province filter: the plans' sums per day.
    const t = !f.activityId && !f.gender && !f.ageBand && !f.province ? dailyPlanTotals : dailyPlans;
    const daily = sql`select ${t.planId} as plan_id, ${t.started} as started, ${t.completed} as completed,
        case when ${t.day} < ${day(droppedDay)} then ${t.unfinished} else 0 end as dropped
      from ${t}
      where ${and(
        inRange(t.day, f),
        isClean(t.day, droppedDay),
        t === dailyPlans ? columnFilters(dailyPlans, f) : f.planId ? eq(t.planId, f.planId) : undefined,
      )}`;
    const source = platformWide(f)
      ? sql`${daily} union all ${raw(isDirty(af.startedDay, droppedDay))}`
      : raw();
    return executeRows<{ id: N; title: string; started: N; completed: N; dropped: N }>(
      db,
      sql`select ${plans.id} as id, ${plans.title} as title, sum(x.started)::int as started,
          sum(x.completed)::int as completed, sum(x.dropped)::int as dropped
        from (${source}) x join ${plans} on ${plans.id} = x.plan_id
        group by ${plans.id} order by started desc, ${plans.id}`,
    );
  },

  // ---- scales ----

  /** The `limit` most taken scales of the matching assessments (scored parts). */
  async topScales(db: DbOrTx, f: Filter, limit: number) {
    const source = partsRollup(f)
      ? sql`select ${dailyParts.scaleId} as scale_id, ${dailyParts.n} as n from ${dailyParts}
          where ${dailyParts.grain} = ${PART_GRAIN.band} and ${inRange(dailyParts.day, f)} and ${isClean(dailyParts.day)}
          union all
          select ${pf.scaleId}, 1 from ${pf} where ${inRange(pf.day, f)} and ${isDirty(pf.day)}`
      : sql`select ${pf.scaleId} as scale_id, 1 as n from ${pf} where ${and(inRange(pf.day, f), factFilters(pf, f))}`;
    return executeRows<{ id: N; name: string; shortName: string; code: string; n: N }>(
      db,
      sql`select ${scales.id} as id, ${scales.name} as name, ${scales.shortName} as "shortName",
          ${scales.code} as code, t.n
        from (select scale_id, sum(n)::int as n from (${source}) x group by scale_id) t
        join ${scales} on ${scales.id} = t.scale_id
        order by t.n desc, ${scales.id} limit ${limit}`,
    );
  },

  /**
   * Scored parts of the scales by band, and for grains 1-3 by gender, age band or province:
   * counts, score sums and the lowest raw score of each band (bands are shown in score order).
   */
  async partFigures(db: DbOrTx, f: Filter, scaleIds: number[], asked: number[]): Promise<PartFigureRow[]> {
    if (!scaleIds.length) return [];
    // A cross-tab by a column the filter fixes (women only: by gender) is the band figures with
    // that one key: copied from the band rows below instead of grouped again. Each grouping set
    // costs about what the bands do: the drill-down by gender, age band and province (3,564
    // facts at a million) 2.5 ms with them, 1.1 ms with the bands alone.
    const fixed = new Map<number, string>();
    if (asked.includes(PART_GRAIN.gender) && f.gender) fixed.set(PART_GRAIN.gender, f.gender);
    if (asked.includes(PART_GRAIN.ageBand) && f.ageBand) fixed.set(PART_GRAIN.ageBand, f.ageBand);
    if (asked.includes(PART_GRAIN.province) && f.province) fixed.set(PART_GRAIN.province, f.province);
    const grains = fixed.size
      ? [PART_GRAIN.band, ...asked.filter((g) => g !== PART_GRAIN.band && !fixed.has(g))]
      : asked;
    const ids = sql.join(
      scaleIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const groups = grainGroups(grains);
    const facts = (where: SQL | undefined) => sql`
      select ${pf.scaleId} as scale_id, ${groups.grain}, ${pf.band} as band, ${groups.keys},
        count(*) as n, count(*) filter (where ${pf.firstOfScale}) as assessments,
        count(${pf.raw}) as n_raw, coalesce(sum(${pf.raw}), 0) as sum_raw,
        count(${pf.std}) as n_std, coalesce(sum(${pf.std}), 0) as sum_std,
        count(*) filter (where ${pf.positive}) as positive, min(${pf.raw}) as min_raw
      from ${pf}
      where ${pf.scaleId} in (${ids}) and ${where}
      group by ${pf.scaleId}, ${pf.band}${groups.groupBy}`;
    const source = partsRollup(f)
      ? sql`select ${dailyParts.scaleId}, ${dailyParts.grain}, ${dailyParts.band}, ${dailyParts.gender},
            ${dailyParts.ageBand}, ${dailyParts.province}, ${dailyParts.n}, ${dailyParts.assessments},
            ${dailyParts.nRaw}, ${dailyParts.sumRaw}, ${dailyParts.nStd}, ${dailyParts.sumStd},
            ${dailyParts.positive}, ${dailyParts.minRaw}
          from ${dailyParts}
          where ${dailyParts.scaleId} in (${ids}) and ${dailyParts.grain} in (${sql.join(
            grains.map((g) => sql`${g}`),
            sql`, `,
          )})
            and ${inRange(dailyParts.day, f)} and ${isClean(dailyParts.day)}
          union all ${facts(and(inRange(pf.day, f), isDirty(pf.day)))}`
      : facts(and(inRange(pf.day, f), factFilters(pf, f)));
    const rows = await executeRows<Record<string, unknown>>(
      db,
      sql`select scale_id, grain, band, gender, age_band, province, sum(n)::int as n,
          sum(assessments)::int as assessments, sum(n_raw)::int as n_raw, sum(sum_raw)::float8 as sum_raw,
          sum(n_std)::int as n_std, sum(sum_std)::float8 as sum_std, sum(positive)::int as positive,
          min(min_raw)::float8 as min_raw
        from (${source}) x
        group by scale_id, grain, band, gender, age_band, province`,
    );
    const figures = rows.map((r) => ({
      scaleId: Number(r.scale_id),
      grain: Number(r.grain),
      band: String(r.band),
      gender: (r.gender as string | null) ?? null,
      ageBand: (r.age_band as string | null) ?? null,
      province: (r.province as string | null) ?? null,
      n: Number(r.n),
      assessments: Number(r.assessments),
      nRaw: Number(r.n_raw),
      sumRaw: Number(r.sum_raw),
      nStd: Number(r.n_std),
      sumStd: Number(r.sum_std),
      positive: Number(r.positive),
      minRaw: num(r.min_raw),
    }));
    if (!fixed.size) return figures;
    const bands = figures.filter((r) => r.grain === PART_GRAIN.band);
    const copies = [...fixed].flatMap(([grain, key]) =>
      bands.map((r) => ({
        ...r,
        grain,
        gender: grain === PART_GRAIN.gender ? key : null,
        ageBand: grain === PART_GRAIN.ageBand ? key : null,
        province: grain === PART_GRAIN.province ? key : null,
      })),
    );
    return [
      ...(asked.includes(PART_GRAIN.band) ? figures : figures.filter((r) => r.grain !== PART_GRAIN.band)),
      ...copies,
    ];
  },

  /** Mean of each dimension score, in the scale's order. */
  async dimensions(db: DbOrTx, f: Filter, scaleId: number) {
    const facts = (where: SQL | undefined) => sql`
      select d.value ->> 'key' as key, d.value ->> 'name' as name, d.ord::int as ord,
        case when jsonb_typeof(d.value -> 'score') = 'number' then 1 else 0 end as n,
        case when jsonb_typeof(d.value -> 'score') = 'number' then (d.value ->> 'score')::float8 else 0 end as sum
      from ${pf} cross join lateral jsonb_array_elements(${pf.dims}) with ordinality as d(value, ord)
      where ${pf.scaleId} = ${scaleId} and ${pf.dims} is not null and ${where}`;
    let source: SQL;
    if (partsRollup(f)) {
      source = sql`select ${dailyDimensions.key} as key, ${dailyDimensions.name} as name, ${dailyDimensions.ord} as ord,
          ${dailyDimensions.n} as n, ${dailyDimensions.sum} as sum
        from ${dailyDimensions}
        where ${dailyDimensions.scaleId} = ${scaleId} and ${inRange(dailyDimensions.day, f)} and ${isClean(dailyDimensions.day)}
        union all ${facts(and(inRange(pf.day, f), isDirty(pf.day)))}`;
    } else {
      // Most scales have no dimensions: the rollup (and the dirty days' facts) tell at once,
      // before the facts of a whole range are read for nothing.
      const [any] = await executeRows<{ yes: boolean }>(
        db,
        sql`select (exists (select 1 from ${dailyDimensions} where ${dailyDimensions.scaleId} = ${scaleId})
            or exists (select 1 from ${pf} where ${pf.scaleId} = ${scaleId} and ${pf.dims} is not null
              and ${isDirty(pf.day)})) as yes`,
      );
      if (!any?.yes) return [];
      source = facts(and(inRange(pf.day, f), factFilters(pf, f)));
    }
    const rows = await executeRows<{ key: string; name: string; n: N; sum: number }>(
      db,
      sql`select key, min(name) as name, sum(n)::int as n, sum(sum)::float8 as sum
        from (${source}) x group by key order by min(ord)`,
    );
    return rows.map((r) => ({ key: r.key, name: r.name, mean: r.n ? Number(r.sum) / r.n : null }));
  },

  /**
   * Mean raw score by the person's take of the scale in the range (3 = third or later), takes
   * in the order of their assessments' submission.
   */
  async retakes(db: DbOrTx, f: Filter, scaleId: number) {
    const where = and(eq(pf.scaleId, scaleId), inRange(pf.day, f), factFilters(pf, f));
    type Row = { attempt: N; count: N; meanRaw: number | null };
    if (!personLevel(f)) {
      // A filter that splits a person's takes: number them within it.
      return executeRows<Row>(
        db,
        sql`select least(rn, 3)::int as attempt, count(*)::int as count, avg(raw)::float8 as "meanRaw"
          from (
            select row_number() over (partition by ${pf.userId} order by ${pf.submittedAt}, ${pf.partId}) as rn,
              ${pf.raw} as raw
            from ${pf} where ${where}
          ) t group by 1 order by 1`,
      );
    }
    // A take is the first in the range when its previous one lies before it, the third or
    // later when the one before the previous lies in it, else the second.
    const from = day(f.fromDay);
    /** Takes (the facts' parts) that meet `cond`: counted, raw scores counted and summed. */
    const parts = (
      cond: SQL,
    ) => sql`sum(1) filter (where ${cond}), sum((${pf.raw} is not null)::int) filter (where ${cond}),
        sum(coalesce(${pf.raw}, 0)) filter (where ${cond})`;
    // The clean days' takes: all of them (the scale's parts by band), less the second-or-later
    // ones (previous take in the range) for the firsts, and the third-or-later ones.
    const kindIs = (kind: number, v: AnyColumn, sign = '') =>
      sql`case ${dailyTakes.kind} when ${kind} then ${sql.raw(sign)}${v} else 0 end`;
    const rollup = sql`select ${dailyParts.n}, ${dailyParts.nRaw}, ${dailyParts.sumRaw}, 0, 0, 0::float8,
          ${dailyParts.n}, ${dailyParts.nRaw}, ${dailyParts.sumRaw}
        from ${dailyParts}
        where ${dailyParts.grain} = ${PART_GRAIN.band} and ${dailyParts.scaleId} = ${scaleId}
          and ${inRange(dailyParts.day, f)} and ${isClean(dailyParts.day)}
        union all
        select ${kindIs(1, dailyTakes.n, '-')}, ${kindIs(1, dailyTakes.nRaw, '-')}, ${kindIs(1, dailyTakes.sumRaw, '-')},
          ${kindIs(2, dailyTakes.n)}, ${kindIs(2, dailyTakes.nRaw)}, ${kindIs(2, dailyTakes.sumRaw)}, 0, 0, 0
        from ${dailyTakes} where ${repeatTakes(f, scaleId, [1, 2])}`;
    const facts = (w: SQL | undefined) => sql`select
        ${sql.join(
          [
            parts(sql`${pf.prevDay} is null or ${pf.prevDay} < ${from}`),
            parts(sql`${pf.prev2Day} >= ${from}`),
            parts(sql`true`),
          ],
          sql`, `,
        )}
      from ${pf} where ${w}`;
    const source = platformWide(f)
      ? sql`${rollup} union all ${facts(and(where, isDirty(pf.day)))}`
      : facts(where);
    const [t] = await executeRows<Record<string, unknown>>(
      db,
      sql`select sum(n1)::int as n1, sum(r1)::int as r1, sum(s1)::float8 as s1,
          sum(n3)::int as n3, sum(r3)::int as r3, sum(s3)::float8 as s3,
          sum(nt)::int as nt, sum(rt)::int as rt, sum(st)::float8 as st
        from (${source}) x(n1, r1, s1, n3, r3, s3, nt, rt, st)`,
    );
    const v = (k: string) => Number(t?.[k] ?? 0);
    const attempts: [number, number, number, number][] = [
      [1, v('n1'), v('r1'), v('s1')],
      [2, v('nt') - v('n1') - v('n3'), v('rt') - v('r1') - v('r3'), v('st') - v('s1') - v('s3')],
      [3, v('n3'), v('r3'), v('s3')],
    ];
    return attempts
      .filter(([, count]) => count > 0)
      .map(([attempt, count, nRaw, sumRaw]): Row => ({
        attempt,
        count,
        meanRaw: nRaw ? sumRaw / nRaw : null,
      }));
  },

  /**
   * The days, people and retakes of a scale in one statement, for a filter that splits a
   * person's takes (`personLevel` false): all three read the same facts, and here they are
   * read once. The takes are numbered per person within the filter; a person is counted at
   * their first (each has exactly one), a day by the assessments that took the scale first
   * in it. At a million, women of 18-24 in Beijing over 90 days (3,564 facts): 2.6 to 4.6 ms
   * against 3.7 to 5.4 for the three statements (pgbench, one core, the same rounds), and two
   * transactions fewer a request.
   */
  async takesOfScale(db: DbOrTx, f: Filter, scaleId: number) {
    const rows = await executeRows<{
      attempt: N | null;
      day: string | null;
      n: N;
      n_raw: N;
      sum_raw: number;
      firsts: N;
    }>(
      db,
      // The day is formatted once a group, not once a fact.
      sql`select attempt, to_char(day, 'YYYY-MM-DD') as day, n, n_raw, sum_raw, firsts from (
          select least(rn, 3)::int as attempt, day, count(*)::int as n,
            count(raw)::int as n_raw, coalesce(sum(raw), 0)::float8 as sum_raw,
            (count(*) filter (where first_of_scale))::int as firsts
          from (
            select row_number() over (partition by ${pf.userId} order by ${pf.submittedAt}, ${pf.partId}) as rn,
              ${pf.day} as day, ${pf.raw} as raw, ${pf.firstOfScale} as first_of_scale
            from ${pf} where ${and(eq(pf.scaleId, scaleId), inRange(pf.day, f), factFilters(pf, f))}
          ) t group by grouping sets ((1), (2))
        ) g`,
    );
    const attempts = rows.filter((r) => r.attempt !== null).sort((a, b) => a.attempt! - b.attempt!);
    return {
      days: rows.filter((r) => r.day !== null && r.firsts > 0).map((r) => ({ day: r.day!, n: r.firsts })),
      people: attempts.find((r) => r.attempt === 1)?.n ?? 0,
      retakes: attempts.map((r) => ({
        attempt: r.attempt!,
        count: r.n,
        meanRaw: r.n_raw ? Number(r.sum_raw) / r.n_raw : null,
      })),
    };
  },

  /** Whether `takesOfScale` answers the filter's days, people and retakes of a scale. */
  takesInOne(f: Filter, scaleId: number | undefined): scaleId is number {
    return !!scaleId && !personLevel(f);
  },

  // ---- warnings (the big screen), on their facts ----

  /** Warnings by level raised since each of the three instants. */
  async levelCounts(db: DbOrTx, s: Scope, since: { today: Date; week: Date; month: Date }) {
    const earliest = new Date(Math.min(since.week.getTime(), since.month.getTime()));
    return executeRows<{ level: N; today: N; week: N; month: N }>(
      db,
      sql`select ${wf.level} as level,
          count(*) filter (where ${wf.createdAt} >= ${ts(since.today)})::int as today,
          count(*) filter (where ${wf.createdAt} >= ${ts(since.week)})::int as week,
          count(*) filter (where ${wf.createdAt} >= ${ts(since.month)})::int as month
        from ${wf}
        where ${and(sql`${wf.createdAt} >= ${ts(earliest)}`, warningFactScope(s))}
        group by ${wf.level}`,
    );
  },

  async warningsByDay(db: DbOrTx, s: Scope, from: Date) {
    return executeRows<{ day: string; n: N }>(
      db,
      sql`select ${shanghaiDay(wf.createdAt)} as day, count(*)::int as n
        from ${wf}
        where ${and(sql`${wf.createdAt} >= ${ts(from)}`, warningFactScope(s))}
        group by 1`,
    );
  },

  /** Warnings raised since `from` by the province of their assessment's basic info. */
  async warningsByProvince(db: DbOrTx, s: Scope, from: Date) {
    return executeRows<{ code: string | null; n: N }>(
      db,
      sql`select ${wf.province} as code, count(*)::int as n
        from ${wf}
        where ${and(sql`${wf.createdAt} >= ${ts(from)}`, warningFactScope(s))}
        group by 1`,
    );
  },

  /** Open warnings by the institution their person belongs to now (kept on the facts). */
  async topInstitutions(db: DbOrTx, s: Scope, limit: number) {
    return executeRows<{ id: N; name: string; open: N }>(
      db,
      sql`select ${institutions.id} as id, ${institutions.name} as name, t.open
        from (
          select ${wf.institutionId} as institution_id, count(*)::int as open from ${wf}
          where ${and(sql`${wf.open}`, sql`${wf.institutionId} is not null`, warningFactScope(s))}
          group by 1
        ) t join ${institutions} on ${institutions.id} = t.institution_id
        order by t.open desc, ${institutions.id} limit ${limit}`,
    );
  },

  /**
   * Open warnings; the median hours to the first follow-up record of the warnings raised
   * since `from`; and of those raised between `from` and `sevenDaysAgo`, how many were closed
   * within 7 days.
   */
  async followUp(db: DbOrTx, s: Scope, from: Date, sevenDaysAgo: Date) {
    const [row] = await executeRows<{
      open: N;
      median: number | null;
      contacted: N;
      eligible: N;
      closed7: N;
    }>(
      db,
      sql`select
          (select count(*) from ${wf} where ${and(sql`${wf.open}`, warningFactScope(s))})::int as open,
          percentile_cont(0.5) within group (order by extract(epoch from ${wf.firstAt} - ${wf.createdAt}))::float8 as median,
          count(*) filter (where ${wf.firstAt} is not null)::int as contacted,
          count(*) filter (where ${wf.createdAt} < ${ts(sevenDaysAgo)})::int as eligible,
          count(*) filter (where ${wf.createdAt} < ${ts(sevenDaysAgo)}
            and ${wf.closedAt} <= ${wf.createdAt} + interval '7 days')::int as closed7
        from ${wf}
        where ${and(sql`${wf.createdAt} >= ${ts(from)}`, warningFactScope(s))}`,
    );
    return {
      open: row?.open ?? 0,
      medianSeconds: num(row?.median),
      contacted: row?.contacted ?? 0,
      eligible: row?.eligible ?? 0,
      closed7: row?.closed7 ?? 0,
    };
  },

  /** The newest warnings with the name and region the person gave. */
  async latestWarnings(db: DbOrTx, s: Scope, limit: number, onlyId?: number) {
    return executeRows<{
      id: N;
      name: string;
      level: N;
      reason: string;
      scaleName: string;
      province: string | null;
      createdAt: Date | string;
    }>(
      db,
      sql`select ${warnings.id} as id, coalesce(${info('name')}, ${users.name}) as name,
          ${warnings.level} as level, ${warnings.reason} as reason, ${warnings.scaleName} as "scaleName",
          ${provinceOf} as province, ${warnings.createdAt} as "createdAt"
        from ${warnings}
        join ${assessments} on ${assessments.id} = ${warnings.assessmentId}
        join ${users} on ${users.id} = ${warnings.userId}
        where ${
          and(
            s.kind === 'institution' && !onlyId
              ? sql`${warnings.id} in ${newestWarningsOfInstitution(s.institutionId, limit)}`
              : warningScope(s),
            onlyId ? eq(warnings.id, onlyId) : undefined,
          ) ?? sql`true`
        }
        order by ${warnings.createdAt} desc, ${warnings.id} desc limit ${limit}`,
    );
  },

  /** Who should see a new warning live: its expert, the experts of the person's institution, auditors and admins. */
  async liveAudience(db: DbOrTx, warningId: number) {
    const [w] = await executeRows<{ expertId: N | null; institutionId: N | null }>(
      db,
      sql`select ${warnings.expertId} as "expertId", ${users.institutionId} as "institutionId"
        from ${warnings} join ${users} on ${users.id} = ${warnings.userId}
        where ${warnings.id} = ${warningId}`,
    );
    if (!w) return null;
    const recipients = await executeRows<{ userId: N; role: string; institutionId: N | null }>(
      db,
      sql`select ${users.id} as "userId", ${users.role} as role, ${users.institutionId} as "institutionId"
        from ${users}
        where ${users.status} = 'active' and (
          ${users.role} in ('auditor', 'admin')
          or ${users.id} = ${w.expertId ?? 0}
          or (${users.role} = 'expert' and ${users.institutionId} = ${w.institutionId ?? 0}))`,
    );
    return { expertId: w.expertId, personInstitutionId: w.institutionId, recipients };
  },

  // ---- upkeep ----

  /** Rebuilds the rollup rows of the days marked dirty (the sweeper's step); answers how many days. */
  async refreshRollups(db: DbOrTx): Promise<number> {
    const [r] = await executeRows<{ n: N }>(db, sql`select stats_refresh_rollups() as n`);
    return Number(r?.n ?? 0);
  },

  // ---- filter choices ----

  /** Filter choices: scales that are published or were taken, plans, activities, institutions. */
  async options(db: DbOrTx, institutionId: number | null) {
    const [sc, pl, ac, ins] = await Promise.all([
      db
        .select({ id: scales.id, name: scales.name, code: scales.code })
        .from(scales)
        .where(sql`${scales.publishedVersionId} is not null`)
        .orderBy(scales.id),
      db.select({ id: plans.id, name: plans.title }).from(plans).orderBy(plans.id),
      db.select({ id: activities.id, name: activities.title }).from(activities).orderBy(activities.id),
      db
        .select({ id: institutions.id, name: institutions.name })
        .from(institutions)
        .where(institutionId === null ? undefined : eq(institutions.id, institutionId))
        .orderBy(institutions.id),
    ]);
    return { scales: sc, plans: pl, activities: ac, institutions: ins };
  },

  // ---- the export ----

  /** The published definition of a scale (its items and dimensions name the export's columns). */
  async scaleDefinition(db: DbOrTx, scaleId: number): Promise<unknown> {
    const [v] = await db
      .select({ definition: scaleVersions.definition })
      .from(scales)
      .innerJoin(scaleVersions, eq(scaleVersions.id, scales.publishedVersionId))
      .where(eq(scales.id, scaleId));
    return v?.definition ?? null;
  },

  /** Scored parts of the scale in the filter: the export's rows. */
  async countParts(db: DbOrTx, f: Filter, scaleId: number): Promise<number> {
    const rows = await statisticsRepository.partFigures(db, f, [scaleId], [PART_GRAIN.band]);
    return rows.reduce((s, r) => s + r.n, 0);
  },

  /** One page of the export, keyed by part id (no OFFSET: each page is an index range). */
  async exportPage(db: DbOrTx, f: Filter, scaleId: number, afterId: number, limit: number) {
    return executeRows<{
      partId: N;
      assessmentId: N;
      title: string;
      accountName: string;
      telephone: string;
      basicInfo: {
        name?: string;
        gender?: string;
        age?: number;
        regionCode?: string;
        phone?: string | null;
      } | null;
      institution: string | null;
      startedAt: Date | string;
      submittedAt: Date | string;
      durationSeconds: N | null;
      result: {
        rawScore: number;
        standardScore: number | null;
        band: { label: string } | null;
        positive: boolean;
        dimensions: { key: string; score: number }[];
        alerts: { level: number; reason: string }[];
        itemValues: (number | null)[];
      };
    }>(
      db,
      sql`select ${assessmentParts.id} as "partId", ${assessments.id} as "assessmentId", ${assessments.title} as title,
          ${users.name} as "accountName", ${users.telephone} as telephone, ${assessments.basicInfo} as "basicInfo",
          ${institutions.name} as institution, ${assessments.startedAt} as "startedAt",
          ${assessments.submittedAt} as "submittedAt", ${assessmentParts.durationSeconds} as "durationSeconds",
          ${assessmentParts.result} as result
        from ${pf}
        join ${assessmentParts} on ${assessmentParts.id} = ${pf.partId}
        join ${assessments} on ${assessments.id} = ${pf.assessmentId}
        join ${users} on ${users.id} = ${assessments.userId}
        left join ${institutions} on ${institutions.id} = ${users.institutionId}
        where ${and(eq(pf.scaleId, scaleId), inRange(pf.day, f), factFilters(pf, f), sql`${pf.partId} > ${afterId}`)}
        order by ${pf.partId} limit ${limit}`,
    );
  },
};
