import { ageBands, type AgeBandKey } from '@psy/contracts';
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { executeRows } from '../../db/rows';
import { assessmentParts, assessments } from '../assessments';
import { institutions } from '../institutions';
import { activities, plans } from '../plans';
import { scales, scaleVersions } from '../scales';
import { users } from '../users';
import { warningProgress, warnings } from '../warnings';
import type { Scope } from './statistics.policy';

/**
 * Every figure of the dashboards, counted by PostgreSQL (never by loading rows into Node), on
 * the indexes of migration 0011: assessments (status, submitted_at), assessment_parts
 * (scale_id, submitted_at), warnings (created_at), warning_progress (warning_id, created_at).
 */

/** The filters of the data centre, resolved: the scope is the caller's, times are instants. */
export interface Filter {
  scope: Scope;
  /** Inclusive start and exclusive end of the time range. */
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

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** The Shanghai calendar day (YYYY-MM-DD) of a timestamptz column. */
const shanghaiDay = (col: AnyColumn) =>
  sql<string>`to_char((${col} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

const info = (key: string) => sql`(${assessments.basicInfo} ->> ${key})`;
const ageOf = sql`(${assessments.basicInfo} ->> 'age')::int`;
const provinceOf = sql<string>`left(${assessments.basicInfo} ->> 'regionCode', 2)`;
const ageBandOf = sql<string>`case ${sql.join(
  ageBands.map((b) => sql`when ${ageOf} between ${b.min} and ${b.max} then ${b.key}`),
  sql` `,
)} end`;
const bandOf = sql<string>`coalesce(${assessmentParts.result} -> 'band' ->> 'label', '未分级')`;
const rawOf = sql`(${assessmentParts.result} ->> 'rawScore')::float8`;

const peopleOfInstitution = (id: number) =>
  sql`(select ${users.id} from ${users} where ${users.institutionId} = ${id})`;

/** The caller's people, on assessments. */
function assessmentScope(s: Scope): SQL | undefined {
  if (s.kind === 'all') return undefined;
  if (s.kind === 'mine') return eq(assessments.expertId, s.expertId);
  return sql`${assessments.userId} in ${peopleOfInstitution(s.institutionId)}`;
}

/** The caller's people, on warnings (the warnings module's own rule: the assigned expert). */
function warningScope(s: Scope): SQL | undefined {
  if (s.kind === 'all') return undefined;
  if (s.kind === 'mine') return eq(warnings.expertId, s.expertId);
  return sql`${warnings.userId} in ${peopleOfInstitution(s.institutionId)}`;
}

/** Who and what, whatever the status: scope, plan, activity, institution, gender, age, province, scale. */
function personWhere(f: Filter): SQL | undefined {
  const band = f.ageBand ? ageBands.find((b) => b.key === f.ageBand) : undefined;
  return and(
    assessmentScope(f.scope),
    f.planId ? eq(assessments.planId, f.planId) : undefined,
    f.activityId ? eq(assessments.activityId, f.activityId) : undefined,
    f.institutionId ? sql`${assessments.userId} in ${peopleOfInstitution(f.institutionId)}` : undefined,
    f.gender ? sql`${info('gender')} = ${f.gender}` : undefined,
    band ? sql`${ageOf} between ${band.min} and ${band.max}` : undefined,
    f.province ? sql`${provinceOf} = ${f.province}` : undefined,
  );
}

/** Submitted assessments matching every filter, in the time range. */
function submittedWhere(f: Filter): SQL {
  return and(
    eq(assessments.status, 'submitted'),
    sql`${assessments.submittedAt} >= ${ts(f.fromAt)}`,
    sql`${assessments.submittedAt} < ${ts(f.toAt)}`,
    personWhere(f),
    f.scaleId
      ? sql`exists (select 1 from ${assessmentParts} where ${assessmentParts.assessmentId} = ${assessments.id} and ${assessmentParts.scaleId} = ${f.scaleId})`
      : undefined,
  )!;
}

/** One scale's scored parts of the matching assessments (`join`: more tables before the where). */
const partsFrom = (f: Filter, scaleId: number, join = sql``) => sql`
  from ${assessmentParts}
  join ${assessments} on ${assessments.id} = ${assessmentParts.assessmentId}
  ${join}
  where ${submittedWhere({ ...f, scaleId: undefined })}
    and ${assessmentParts.scaleId} = ${scaleId}
    and ${assessmentParts.status} = 'submitted'`;

type N = number;
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export const statisticsRepository = {
  async institutionOf(db: DbOrTx, userId: number): Promise<number | null> {
    const [u] = await db.select({ id: users.institutionId }).from(users).where(eq(users.id, userId));
    return u?.id ?? null;
  },

  // ---- the big screen ----

  /** Warnings by level raised since each of the three instants. */
  async levelCounts(db: DbOrTx, s: Scope, since: { today: Date; week: Date; month: Date }) {
    const earliest = new Date(Math.min(since.week.getTime(), since.month.getTime()));
    return executeRows<{ level: N; today: N; week: N; month: N }>(
      db,
      sql`select ${warnings.level} as level,
          count(*) filter (where ${warnings.createdAt} >= ${ts(since.today)})::int as today,
          count(*) filter (where ${warnings.createdAt} >= ${ts(since.week)})::int as week,
          count(*) filter (where ${warnings.createdAt} >= ${ts(since.month)})::int as month
        from ${warnings}
        where ${and(sql`${warnings.createdAt} >= ${ts(earliest)}`, warningScope(s))}
        group by ${warnings.level}`,
    );
  },

  async warningsByDay(db: DbOrTx, s: Scope, from: Date) {
    return executeRows<{ day: string; n: N }>(
      db,
      sql`select ${shanghaiDay(warnings.createdAt)} as day, count(*)::int as n
        from ${warnings}
        where ${and(sql`${warnings.createdAt} >= ${ts(from)}`, warningScope(s))}
        group by 1`,
    );
  },

  async assessmentsByDay(db: DbOrTx, f: Filter) {
    return executeRows<{ day: string; n: N }>(
      db,
      sql`select ${shanghaiDay(assessments.submittedAt)} as day, count(*)::int as n
        from ${assessments} where ${submittedWhere(f)} group by 1`,
    );
  },

  /** Warnings and submitted assessments since `from`, by the province of the basic info. */
  async byProvince(db: DbOrTx, s: Scope, from: Date) {
    const [ws, as] = await Promise.all([
      executeRows<{ code: string; n: N }>(
        db,
        sql`select ${provinceOf} as code, count(*)::int as n
          from ${warnings} join ${assessments} on ${assessments.id} = ${warnings.assessmentId}
          where ${and(sql`${warnings.createdAt} >= ${ts(from)}`, warningScope(s))}
          group by 1`,
      ),
      executeRows<{ code: string; n: N }>(
        db,
        sql`select ${provinceOf} as code, count(*)::int as n from ${assessments}
          where ${and(
            eq(assessments.status, 'submitted'),
            sql`${assessments.submittedAt} >= ${ts(from)}`,
            assessmentScope(s),
          )}
          group by 1`,
      ),
    ]);
    return { warnings: ws, assessments: as };
  },

  /** The `limit` most taken scales of the matching assessments. */
  async topScales(db: DbOrTx, f: Filter, limit: number) {
    return executeRows<{ id: N; name: string; shortName: string; code: string; n: N }>(
      db,
      sql`select ${scales.id} as id, ${scales.name} as name, ${scales.shortName} as "shortName",
          ${scales.code} as code, count(*)::int as n
        from ${assessmentParts}
        join ${assessments} on ${assessments.id} = ${assessmentParts.assessmentId}
        join ${scales} on ${scales.id} = ${assessmentParts.scaleId}
        where ${submittedWhere({ ...f, scaleId: undefined })} and ${assessmentParts.status} = 'submitted'
        group by ${scales.id} order by n desc, ${scales.id} limit ${limit}`,
    );
  },

  async scaleById(db: DbOrTx, id: number) {
    const [s] = await db
      .select({ id: scales.id, name: scales.name, shortName: scales.shortName, code: scales.code })
      .from(scales)
      .where(eq(scales.id, id));
    return s;
  },

  /** Band label -> count for one scale, bands in score order (lowest first). */
  async bands(db: DbOrTx, f: Filter, scaleId: number) {
    return executeRows<{ label: string; count: N }>(
      db,
      sql`select ${bandOf} as label, count(*)::int as count ${partsFrom(f, scaleId)}
        group by 1 order by min(${rawOf}), 1`,
    );
  },

  async topInstitutions(db: DbOrTx, s: Scope, limit: number) {
    return executeRows<{ id: N; name: string; open: N }>(
      db,
      sql`select ${institutions.id} as id, ${institutions.name} as name, count(*)::int as open
        from ${warnings}
        join ${users} on ${users.id} = ${warnings.userId}
        join ${institutions} on ${institutions.id} = ${users.institutionId}
        where ${and(sql`${warnings.status} <> 'closed'`, warningScope(s))}
        group by ${institutions.id} order by open desc, ${institutions.id} limit ${limit}`,
    );
  },

  /**
   * Open warnings; the median hours to the first follow-up record of the warnings raised
   * since `from`; and of those raised between `from` and `sevenDaysAgo`, how many were closed
   * within 7 days.
   */
  async followUp(db: DbOrTx, s: Scope, from: Date, sevenDaysAgo: Date) {
    const [open] = await executeRows<{ n: N }>(
      db,
      sql`select count(*)::int as n from ${warnings} where ${and(sql`${warnings.status} <> 'closed'`, warningScope(s))}`,
    );
    const [row] = await executeRows<{ median: number | null; contacted: N; eligible: N; closed7: N }>(
      db,
      sql`with w as (
          select ${warnings.id} as id, ${warnings.createdAt} as created,
            (select min(${warningProgress.createdAt}) from ${warningProgress}
              where ${warningProgress.warningId} = ${warnings.id}) as first_at,
            (select min(${warningProgress.createdAt}) from ${warningProgress}
              where ${warningProgress.warningId} = ${warnings.id} and ${warningProgress.status} = 'closed') as closed_at
          from ${warnings}
          where ${and(sql`${warnings.createdAt} >= ${ts(from)}`, warningScope(s))}
        )
        select
          percentile_cont(0.5) within group (order by extract(epoch from first_at - created))::float8 as median,
          count(*) filter (where first_at is not null)::int as contacted,
          count(*) filter (where created < ${ts(sevenDaysAgo)})::int as eligible,
          count(*) filter (where created < ${ts(sevenDaysAgo)} and closed_at <= created + interval '7 days')::int as closed7
        from w`,
    );
    return {
      open: open?.n ?? 0,
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
        where ${and(warningScope(s), onlyId ? eq(warnings.id, onlyId) : undefined) ?? sql`true`}
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

  // ---- the data centre ----

  async totals(db: DbOrTx, f: Filter) {
    const [r] = await executeRows<{ total: N; people: N }>(
      db,
      sql`select count(*)::int as total, count(distinct ${assessments.userId})::int as people
        from ${assessments} where ${submittedWhere(f)}`,
    );
    return { total: r?.total ?? 0, people: r?.people ?? 0 };
  },

  async score(db: DbOrTx, f: Filter, scaleId: number) {
    const [r] = await executeRows<{ n: N; raw: number | null; std: number | null; positive: N }>(
      db,
      sql`select count(*)::int as n, avg(${rawOf})::float8 as raw,
          avg((${assessmentParts.result} ->> 'standardScore')::float8)::float8 as std,
          count(*) filter (where (${assessmentParts.result} ->> 'positive')::boolean)::int as positive
        ${partsFrom(f, scaleId)}`,
    );
    return { n: r?.n ?? 0, meanRaw: num(r?.raw), meanStandard: num(r?.std), positive: r?.positive ?? 0 };
  },

  /** Mean of each dimension score, in the scale's order. */
  async dimensions(db: DbOrTx, f: Filter, scaleId: number) {
    return executeRows<{ key: string; name: string; mean: number }>(
      db,
      sql`select d.value ->> 'key' as key, min(d.value ->> 'name') as name,
          avg((d.value ->> 'score')::float8)::float8 as mean
        ${partsFrom(f, scaleId, sql`cross join lateral jsonb_array_elements(${assessmentParts.result} -> 'dimensions') with ordinality as d(value, ord)`)}
        group by 1 order by min(d.ord)`,
    );
  },

  /** Band by gender, age band and province. */
  async cross(db: DbOrTx, f: Filter, scaleId: number) {
    const by = (key: SQL) =>
      executeRows<{ band: string; key: string; count: N }>(
        db,
        sql`select ${bandOf} as band, coalesce(${key}, '') as key, count(*)::int as count
          ${partsFrom(f, scaleId)} group by 1, 2
          order by min(min(${rawOf})) over (partition by ${bandOf}), 1, 2`,
      );
    const [gender, ageBand, province] = await Promise.all([
      by(info('gender')),
      by(ageBandOf),
      by(provinceOf),
    ]);
    return { gender, ageBand, province };
  },

  /** Mean raw score by the person's attempt number at the scale (3 = third or later). */
  async retakes(db: DbOrTx, f: Filter, scaleId: number) {
    return executeRows<{ attempt: N; count: N; meanRaw: number | null }>(
      db,
      sql`select least(rn, 3)::int as attempt, count(*)::int as count, avg(raw)::float8 as "meanRaw"
        from (
          select row_number() over (partition by ${assessments.userId} order by ${assessmentParts.submittedAt}, ${assessmentParts.id}) as rn,
            ${rawOf} as raw
          ${partsFrom(f, scaleId)}
        ) t group by 1 order by 1`,
    );
  },

  /** Plans' assessments started in the range: started, completed, and dropped (unfinished after 7 days). */
  async plans(db: DbOrTx, f: Filter, droppedBefore: Date) {
    return executeRows<{ id: N; title: string; started: N; completed: N; dropped: N }>(
      db,
      sql`select ${plans.id} as id, ${plans.title} as title, count(*)::int as started,
          count(*) filter (where ${assessments.status} = 'submitted')::int as completed,
          count(*) filter (where ${assessments.status} = 'in_progress' and ${assessments.startedAt} < ${ts(droppedBefore)})::int as dropped
        from ${assessments} join ${plans} on ${plans.id} = ${assessments.planId}
        where ${and(
          sql`${assessments.startedAt} >= ${ts(f.fromAt)}`,
          sql`${assessments.startedAt} < ${ts(f.toAt)}`,
          personWhere(f),
        )}
        group by ${plans.id} order by started desc, ${plans.id}`,
    );
  },

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

  async countParts(db: DbOrTx, f: Filter, scaleId: number): Promise<number> {
    const [r] = await executeRows<{ n: N }>(db, sql`select count(*)::int as n ${partsFrom(f, scaleId)}`);
    return r?.n ?? 0;
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
        from ${assessmentParts}
        join ${assessments} on ${assessments.id} = ${assessmentParts.assessmentId}
        join ${users} on ${users.id} = ${assessments.userId}
        left join ${institutions} on ${institutions.id} = ${users.institutionId}
        where ${submittedWhere({ ...f, scaleId: undefined })}
          and ${assessmentParts.scaleId} = ${scaleId}
          and ${assessmentParts.status} = 'submitted'
          and ${assessmentParts.id} > ${afterId}
        order by ${assessmentParts.id} limit ${limit}`,
    );
  },
};
