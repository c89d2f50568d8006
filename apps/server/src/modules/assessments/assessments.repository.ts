import { and, asc, count, desc, eq, inArray, max, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { reusableRead } from '../../lib/reusable-read';
import { assignedTo, hasAssignment } from '../assignments';
import { scaleVersions } from '../scales';
import { likeEscape } from '../../lib/sql';
import { users } from '../users';
import { assessmentCounts, assessmentParts, assessments } from './assessments.table';
import { countsBy, executeRows, knownCount, pageWhere, rowByIdRead, rowsById } from '../../db/rows';

export type AssessmentRow = typeof assessments.$inferSelect;
export type PartRow = typeof assessmentParts.$inferSelect;

const e = alias(users, 'e');

/** The whole platform's count of assessments in a status and of a highest warning level. */
export type PlatformTotals = (filter?: {
  status?: 'in_progress' | 'submitted';
  level?: '1' | '2' | '3' | 'none';
}) => number;

/**
 * What an expert sees, in two sides that never overlap: the assessments they follow up, and
 * those of the people assigned to them (`people`, read first) that somebody else or nobody
 * follows up. The people go in as a value, not a subquery: PostgreSQL then plans with them
 * known. Given as `user_id = any(select …)`, it guessed their number, and for an expert with
 * nobody assigned walked every assessment in date order looking for theirs (2 ms at 10,000,
 * the whole table at a million); read person by person instead, 2,000 people cost 36 ms.
 */
export interface ExpertScope {
  expertId: number;
  people: number[];
}

function scopeSides({ expertId, people }: ExpertScope, filter: SQL | undefined): SQL[] {
  const followed = and(eq(assessments.expertId, expertId), filter)!;
  if (!people.length) return [followed];
  const assigned = and(
    sql`${assessments.userId} = any(${`{${people.join(',')}}`}::int[])`,
    sql`${assessments.expertId} is distinct from ${expertId}`,
    filter,
  )!;
  return [followed, assigned];
}

/** Each side's newest `limit` rows (id, started_at), merged newest first. */
function newestOf(sides: SQL[], limit: number): SQL {
  const side = (where: SQL) =>
    sql`(select ${assessments.id}, ${assessments.startedAt} from ${assessments} where ${where} order by ${assessments.startedAt} desc, ${assessments.id} desc limit ${limit})`;
  return sql`(select s.id, s.started_at from (${sql.join(sides.map(side), sql` union all `)}) s order by s.started_at desc, s.id desc limit ${limit})`;
}

/** Queries of assessments and their parts only. */
const takenRead = reusableRead(['userId', 'limit'], (tx, p) =>
  tx
    .select({ id: assessments.id, title: assessments.title, submittedAt: assessments.submittedAt })
    .from(assessments)
    .where(and(eq(assessments.userId, p.userId), eq(assessments.status, 'submitted')))
    .orderBy(desc(assessments.submittedAt), desc(assessments.id))
    .limit(p.limit),
);

const followsAnyRead = reusableRead(['expertId', 'userId'], (tx, p) =>
  tx
    .select({ id: assessments.id })
    .from(assessments)
    .where(and(eq(assessments.userId, p.userId), eq(assessments.expertId, p.expertId)))
    .limit(1),
);

const byIdRead = rowByIdRead(assessments);

const partsOfRead = reusableRead(['assessmentId'], (tx, p) =>
  tx
    .select({ p: assessmentParts, v: scaleVersions })
    .from(assessmentParts)
    .innerJoin(scaleVersions, eq(scaleVersions.id, assessmentParts.scaleVersionId))
    .where(eq(assessmentParts.assessmentId, p.assessmentId))
    .orderBy(asc(assessmentParts.position)),
);

const historyRead = reusableRead(['userId', 'scaleId', 'upTo', 'limit'], (tx, p) =>
  tx
    .select({
      assessmentId: assessments.id,
      submittedAt: assessments.submittedAt,
      result: assessmentParts.result,
    })
    .from(assessmentParts)
    .innerJoin(assessments, eq(assessments.id, assessmentParts.assessmentId))
    .where(
      and(
        eq(assessments.userId, p.userId),
        eq(assessments.status, 'submitted'),
        eq(assessmentParts.scaleId, p.scaleId),
        sql`${assessments.submittedAt} <= ${p.upTo}::timestamptz`,
      ),
    )
    .orderBy(desc(assessments.submittedAt), desc(assessments.id))
    .limit(p.limit),
);

export const assessmentsRepository = {
  ...rowsById(assessments),

  async byId(tx: DbOrTx, id: number, opts: { userId?: number; lock?: boolean } = {}) {
    if (opts.userId === undefined && !opts.lock) return byIdRead(tx, id);
    const q = tx
      .select()
      .from(assessments)
      .where(
        and(
          eq(assessments.id, id),
          opts.userId !== undefined ? eq(assessments.userId, opts.userId) : undefined,
        ),
      )
      .$dynamic();
    const [a] = await (opts.lock ? q.for('update') : q);
    return a;
  },

  /** The basic information the person gave last (another assessment than `exceptId`), and when. */
  async lastBasicInfo(tx: DbOrTx, userId: number, exceptId: number) {
    const [row] = await tx
      .select({ basicInfo: assessments.basicInfo, startedAt: assessments.startedAt })
      .from(assessments)
      .where(
        and(
          eq(assessments.userId, userId),
          ne(assessments.id, exceptId),
          sql`${assessments.basicInfo} is not null`,
        ),
      )
      .orderBy(desc(assessments.startedAt), desc(assessments.id))
      .limit(1);
    return row?.basicInfo ? { info: row.basicInfo, at: row.startedAt } : null;
  },

  /** The newest unfinished assessment of this person for the same scale or plan (and activity). */
  async openFor(
    tx: DbOrTx,
    userId: number,
    t: { scaleId?: number | undefined; planId?: number | undefined; activityId?: number | undefined },
  ) {
    const [a] = await tx
      .select()
      .from(assessments)
      .where(
        and(
          eq(assessments.userId, userId),
          eq(assessments.status, 'in_progress'),
          t.scaleId ? eq(assessments.scaleId, t.scaleId) : eq(assessments.planId, t.planId!),
          t.activityId ? eq(assessments.activityId, t.activityId) : sql`${assessments.activityId} is null`,
        ),
      )
      .orderBy(desc(assessments.id))
      .limit(1);
    return a;
  },

  async insertPart(tx: DbOrTx, row: typeof assessmentParts.$inferInsert): Promise<void> {
    await tx.insert(assessmentParts).values(row);
  },

  /** The parts in order, each with the scale version it is scored with. */
  partsOf: (tx: DbOrTx, assessmentId: number) => partsOfRead(tx, { assessmentId }),

  /**
   * One person's submitted results of one scale, up to and including the given assessment
   * (submitted no later), newest first, at most `limit`: the report's trend.
   */
  history: (tx: DbOrTx, f: { userId: number; scaleId: number; upTo: Date }, limit: number) =>
    historyRead(tx, { userId: f.userId, scaleId: f.scaleId, upTo: f.upTo.toISOString(), limit }),

  /**
   * What a list shows of these assessments' parts, in part order: each scored band with its
   * scale's short name (read in the database, not by loading the parts' answers and the scales'
   * definitions).
   */
  async bandsOf(tx: DbOrTx, assessmentIds: number[]) {
    if (!assessmentIds.length) return [];
    return tx
      .select({
        assessmentId: assessmentParts.assessmentId,
        shortName: sql<string | null>`${scaleVersions.definition}->>'shortName'`,
        band: sql<string>`${assessmentParts.result}->'band'->>'label'`,
      })
      .from(assessmentParts)
      .innerJoin(scaleVersions, eq(scaleVersions.id, assessmentParts.scaleVersionId))
      .where(
        and(
          inArray(assessmentParts.assessmentId, assessmentIds),
          sql`${assessmentParts.result}->'band'->>'label' is not null`,
        ),
      )
      .orderBy(asc(assessmentParts.assessmentId), asc(assessmentParts.position));
  },

  /** Sets (position) or clears (null) one answer without reading the others. */
  async saveAnswer(tx: DbOrTx, partId: number, item: number, position: number | null): Promise<void> {
    const key = String(item);
    await tx
      .update(assessmentParts)
      .set({
        answers:
          position === null
            ? sql`${assessmentParts.answers} - ${key}`
            : sql`${assessmentParts.answers} || jsonb_build_object(${key}::text, ${position}::int)`,
      })
      .where(eq(assessmentParts.id, partId));
  },

  async updatePart(
    tx: DbOrTx,
    partId: number,
    set: Partial<typeof assessmentParts.$inferInsert>,
  ): Promise<void> {
    await tx.update(assessmentParts).set(set).where(eq(assessmentParts.id, partId));
  },

  /**
   * Assessments whose highest warning is `level`, or with none: the column the warnings'
   * triggers keep (migration 0031), read through `assessments_warning_level` in the lists'
   * order. (Asking the warnings with EXISTS read every assessment for the auditor's count: 108
   * ms at a million.)
   */
  maxWarningLevelIs(level: '1' | '2' | '3' | 'none'): SQL {
    return level === 'none'
      ? sql`${assessments.maxWarningLevel} is null`
      : sql`${assessments.maxWarningLevel} = ${Number(level)}`;
  },

  /**
   * The person's name (as given in the test, or the account's when none was given) or the title
   * contains `keyword`.
   *
   * Across the platform, a keyword of three characters or more is written so that each side has
   * an index of its own (trigram indexes on the title and the given name; the account side
   * through the users' name index and `assessments_unnamed_user`, the assessments given no
   * name), and the total counts without reading every assessment with its person: at a million
   * assessments the search counted by a full join took seconds.
   *
   * A shorter keyword (a surname, `王`) has no trigram: a trigram index would hand back every
   * row it holds (a second per index at a million), so it is tested as `strpos`, which no index
   * answers, on the rows the list reads in its order. Within an expert's scope (`within`), a
   * few thousand rows at most, every keyword is tested that way, on the title and given name
   * held in `assessments_expert_started` itself, and the account's name is looked up only for a
   * row given no name.
   */
  nameOrTitleContains(keyword: string, within?: 'scope'): SQL {
    const given = assessments.givenName;
    if (within === 'scope' || [...keyword].length < 3) {
      const k = keyword.toLowerCase();
      // Chinese has no case: lower() on every row's text is then work for nothing.
      const caseless = k === keyword.toUpperCase();
      const has = (text: SQL | typeof given) =>
        caseless ? sql`strpos(${text}, ${k}) > 0` : sql`strpos(lower(${text}), ${k}) > 0`;
      const account =
        within === 'scope'
          ? sql`exists (select 1 from users u where u.id = ${assessments.userId} and ${has(sql`u.name`)})`
          : sql`${assessments.userId} = any(array(select u.id from users u where ${has(sql`u.name`)}))`;
      return sql`(${has(sql`${assessments.title}`)} or ${has(given)} or (${given} is null and ${account}))`;
    }
    const k = `%${likeEscape(keyword)}%`;
    const account = sql`${assessments.userId} = any(array(select u.id from users u where u.name ilike ${k}))`;
    return sql`(${assessments.title} ilike ${k} or ${given} ilike ${k} or (${given} is null and ${account}))`;
  },

  /**
   * A page of assessments with the person's name, newest first. `where` reads assessments only
   * (the name search reaches the users' table through a subquery), so the total counts
   * assessments alone: every assessment has its person, and the join would change no count,
   * only make it slower.
   */
  async page(
    tx: DbOrTx,
    where: SQL | undefined,
    p: { pageNum: number; pageSize: number },
    /** The total when it is already known (the platform's, from `totals`), instead of counting. */
    known?: PromiseLike<number>,
  ) {
    const counted = known ? knownCount(known) : tx.select({ n: count() }).from(assessments).$dynamic();
    return pageWhere(
      p,
      where,
      [desc(assessments.startedAt), desc(assessments.id)],
      tx
        .select({ a: assessments, userName: users.name })
        .from(assessments)
        .innerJoin(users, eq(users.id, assessments.userId))
        .$dynamic(),
      counted,
    );
  },

  /**
   * A page of the assessments an expert sees (`scoped`: those they follow up, and the people
   * assigned to them) matching `filter`, newest first, with the total. Each side is read on its
   * own in the list's order and limited to the page's end, then merged: written as one `or`,
   * PostgreSQL read all the expert's assessments from the heap for every page and count (5,259
   * pages for 5,564 assessments at a million); each side alone reads an index in order (the
   * followed side `assessments_expert_started`, whose status and level answer the filters
   * without the heap) and stops at the page.
   */
  async scopedPage(
    tx: DbOrTx,
    scope: ExpertScope,
    filter: SQL | undefined,
    p: { pageNum: number; pageSize: number },
    /** The total when already counted (a bounded name search), instead of counting again. */
    known?: PromiseLike<number>,
  ) {
    const end = p.pageNum * p.pageSize;
    const ids = sql`(select n.id from ${newestOf(scopeSides(scope, filter), end)} n order by n.started_at desc, n.id desc offset ${end - p.pageSize})`;
    const [rows, total] = await Promise.all([
      tx
        .select({ a: assessments, userName: users.name })
        .from(assessments)
        .innerJoin(users, eq(users.id, assessments.userId))
        .where(sql`${assessments.id} in ${ids}`)
        .orderBy(desc(assessments.startedAt), desc(assessments.id)),
      known ?? assessmentsRepository.scopedCount(tx, scope, filter),
    ]);
    return { rows, total };
  },

  /** How many of the assessments an expert sees match `filter` (see `scopedPage`). */
  async scopedCount(tx: DbOrTx, scope: ExpertScope, filter: SQL | undefined): Promise<number> {
    const counts = scopeSides(scope, filter).map(
      (where) => sql`(select count(*) from ${assessments} where ${where})`,
    );
    const [r] = await executeRows<{ n: number | string }>(tx, sql`select ${sql.join(counts, sql` + `)} as n`);
    return Number(r?.n ?? 0);
  },

  /**
   * The ids of the first `max` + 1 assessments an expert sees matching `filter`, in the list's
   * order: a name search's count and its pages from one read (a search reads the rows it tests
   * from the heap; counting and paging apart read them twice).
   */
  async scopedMatches(
    tx: DbOrTx,
    scope: ExpertScope,
    filter: SQL | undefined,
    max: number,
  ): Promise<number[]> {
    const rows = await executeRows<{ id: number }>(
      tx,
      sql`select n.id from ${newestOf(scopeSides(scope, filter), max + 1)} n order by n.started_at desc, n.id desc`,
    );
    return rows.map((r) => Number(r.id));
  },

  /** These assessments with the person's name, in the list's order. */
  async listed(tx: DbOrTx, ids: number[]) {
    if (!ids.length) return [];
    return tx
      .select({ a: assessments, userName: users.name })
      .from(assessments)
      .innerJoin(users, eq(users.id, assessments.userId))
      .where(inArray(assessments.id, ids))
      .orderBy(desc(assessments.startedAt), desc(assessments.id));
  },

  /**
   * How many assessments the whole platform has in each status and highest warning level (0:
   * none), kept by triggers (migrations 0029, 0031).
   */
  async totals(tx: DbOrTx): Promise<PlatformTotals> {
    const rows = await tx.select().from(assessmentCounts);
    return (f = {}) =>
      rows
        .filter(
          (r) =>
            (f.status === undefined || r.status === f.status) &&
            (f.level === undefined || r.warningLevel === (f.level === 'none' ? 0 : Number(f.level))),
        )
        .reduce((n, r) => n + r.n, 0);
  },

  /** How many assessments matching `where` are in each status. */
  async statusCounts(tx: DbOrTx, where: SQL | undefined) {
    const by = await countsBy(tx, assessments, assessments.status, where);
    const inProgress = by.get('in_progress') ?? 0;
    const submitted = by.get('submitted') ?? 0;
    return { all: inProgress + submitted, in_progress: inProgress, submitted };
  },

  /** How many assessments match `where`, counting no further than `max` + 1. */
  async countUpTo(tx: DbOrTx, where: SQL | undefined, max: number): Promise<number> {
    const some = tx
      .select({ one: sql`1` })
      .from(assessments)
      .where(where)
      .limit(max + 1)
      .as('some');
    const [r] = await tx.select({ n: count() }).from(some);
    return Number(r?.n ?? 0);
  },

  async count(tx: DbOrTx, where: SQL | undefined): Promise<number> {
    const [r] = await tx.select({ n: count() }).from(assessments).where(where);
    return Number(r?.n ?? 0);
  },

  /**
   * The person's submitted assessments, newest first (at most `limit`), each part with its
   * scale's names and stored result: their record's timeline and trends.
   */
  async recordOf(tx: DbOrTx, userId: number, limit: number) {
    const taken = await takenRead(tx, { userId, limit });
    if (!taken.length) return [];
    const parts = await tx
      .select({
        assessmentId: assessmentParts.assessmentId,
        position: assessmentParts.position,
        scaleId: assessmentParts.scaleId,
        result: assessmentParts.result,
        scaleName: sql<string>`${scaleVersions.definition}->>'name'`,
        shortName: sql<string>`${scaleVersions.definition}->>'shortName'`,
      })
      .from(assessmentParts)
      .innerJoin(scaleVersions, eq(scaleVersions.id, assessmentParts.scaleVersionId))
      .where(
        inArray(
          assessmentParts.assessmentId,
          taken.map((a) => a.id),
        ),
      )
      .orderBy(asc(assessmentParts.position));
    return taken.map((a) => ({ ...a, parts: parts.filter((p) => p.assessmentId === a.id) }));
  },

  // ---- who follows whom up ----

  /**
   * Those `expertId` follows up: assigned to them, or without an assignment and with an
   * assessment they follow (the older per-assessment rule). Newest assessment first.
   */
  async peopleOf(tx: DbOrTx, expertId: number, keyword: string | undefined, limit: number) {
    const k = keyword ? `%${likeEscape(keyword)}%` : null;
    return tx
      .select({
        id: users.id,
        name: users.name,
        telephone: users.telephone,
        lastAssessmentAt: max(assessments.submittedAt),
      })
      .from(users)
      .leftJoin(assessments, and(eq(assessments.userId, users.id), eq(assessments.status, 'submitted')))
      .where(
        and(
          eq(users.role, 'user'),
          or(
            assignedTo(users.id, expertId),
            and(
              sql`not ${hasAssignment(users.id)}`,
              sql`exists (select 1 from ${assessments} f where f.user_id = ${users.id} and f.expert_id = ${expertId})`,
            ),
          ),
          k ? sql`(${users.name} ilike ${k} or ${users.telephone} like ${k})` : undefined,
        ),
      )
      .groupBy(users.id)
      .orderBy(sql`max(${assessments.submittedAt}) desc nulls last`, asc(users.id))
      .limit(limit);
  },

  /** Whether any assessment of the person is followed up by `expertId`. */
  async followsAny(tx: DbOrTx, expertId: number, userId: number): Promise<boolean> {
    const [row] = await followsAnyRead(tx, { expertId, userId });
    return row !== undefined;
  },

  // ---- accounts (read only) ----

  async person(tx: DbOrTx, userId: number) {
    const [u] = await tx
      .select({
        name: users.name,
        telephone: users.telephone,
        role: users.role,
        gender: users.gender,
        birthday: users.birthday,
      })
      .from(users)
      .where(eq(users.id, userId));
    return u;
  },

  /** The first active expert of the person's institution. */
  async expertOfInstitutionOf(tx: DbOrTx, userId: number): Promise<number | null> {
    const [row] = await tx
      .select({ id: e.id })
      .from(users)
      .innerJoin(e, eq(e.institutionId, users.institutionId))
      .where(and(eq(users.id, userId), eq(e.role, 'expert'), eq(e.status, 'active')))
      .orderBy(asc(e.id))
      .limit(1);
    return row?.id ?? null;
  },
};
