import { and, count, desc, eq, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { CampaignMemberState } from '@psy/contracts';
import type { DbOrTx } from '../../db/client';
import { countFrom, executeRows, pageWhere } from '../../db/rows';
import { institutions } from '../institutions';
import { orgUnits } from '../org';
import { campaignMembers, campaignNotices, campaigns, campaignTakes, campaignUnits } from './campaigns.table';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignValues = typeof campaigns.$inferInsert;

export interface ProgressRow {
  total: number;
  completed: number;
  started: number;
  notStarted: number;
}
/** Completed members by their highest warning level (none, 低危, 中危, 高危). */
export interface RiskRow {
  completed: number;
  none: number;
  low: number;
  medium: number;
  high: number;
}
/** An open campaign's live figures (the big screen). */
export interface OpenCampaignRow {
  id: number;
  title: string;
  institutionName: string;
  closesAt: Date | string;
  total: number;
  completed: number;
  started: number;
  warnings: number;
  /** Open campaigns in all (the same on every row: counted before the limit). */
  open: number;
}
export interface TargetRow {
  memberId: number;
  userId: number;
  unitId: number;
  name: string;
  memberNo: string;
  state: CampaignMemberState;
  startedAt: Date | string | null;
  assessmentId: number | null;
}

/**
 * Every unit a campaign reaches: its target units and everything under them, each tagged with
 * the target unit (`root`) it was reached from. `roots` narrows to some target units.
 */
export const treeOf = (campaignId: number, roots?: number[]) => sql`
  tree(root, id) as (
    ${
      roots
        ? sql`select r, r from unnest(array[${sql.join(roots.length ? roots : [0], sql`, `)}]::int[]) r`
        : sql`select cu.unit_id, cu.unit_id from campaign_units cu where cu.campaign_id = ${campaignId}`
    }
    union
    select t.root, u.id from org_units u join tree t on u.parent_id = t.id
  )`;

/**
 * Whether the org_members row `m` is one the campaign targets beyond its units: a campaign that
 * lists people (a re-test) targets only them; one that lists nobody, every member of its units.
 * `campaignId` is a number or the column of the query that holds it.
 */
const listed = (campaignId: number | SQL) => sql`(
  not exists (select 1 from campaign_members cm where cm.campaign_id = ${campaignId})
  or exists (select 1 from campaign_members cm where cm.campaign_id = ${campaignId} and cm.member_id = m.id))`;

/** Each targeted member with an account (once, whichever target units reach them) and their state. */
const targetedOf = (campaignId: number, roots?: number[]) => sql`
  with recursive ${treeOf(campaignId, roots)},
  targeted as (
    select distinct on (m.id) m.id as member_id, m.user_id, m.unit_id, m.name, m.member_no
      from tree join org_members m on m.unit_id = tree.id
     where m.user_id is not null and ${listed(campaignId)}
     order by m.id
  )
  select t.member_id as "memberId", t.user_id as "userId", t.unit_id as "unitId", t.name,
         t.member_no as "memberNo", k.started_at as "startedAt", k.assessment_id as "assessmentId",
         case when k.id is null then 'not_started'
              when a.status = 'submitted' then 'completed'
              else 'started' end as state
    from targeted t
    left join campaign_takes k on k.campaign_id = ${campaignId} and k.member_id = t.member_id
    left join assessments a on a.id = k.assessment_id`;

const progressCols = sql`
  count(*)::int as total,
  (count(*) filter (where a.status = 'submitted'))::int as completed,
  (count(*) filter (where k.id is not null and a.status is distinct from 'submitted'))::int as started,
  (count(*) filter (where k.id is null))::int as "notStarted"`;

/**
 * The whole path of the org_units row under `alias` (计算机学院/2026级/1班), as a scalar subquery:
 * the names of two units may be the same (every college has a 2026级). `alias` is a fixed
 * identifier of the query, never input.
 */
export const unitPathOf = (alias: 'r' | 'u' | 'o') =>
  sql.raw(`(with recursive up(parent_id, name, depth) as (
      select ${alias}.parent_id, ${alias}.name, 0
      union all
      select p.parent_id, p.name, up.depth + 1 from up join org_units p on p.id = up.parent_id
    ) select string_agg(up.name, '/' order by up.depth desc) from up)`);

/**
 * Risk columns over members joined as `m` (with their take `k` and assessment `a`): of those who
 * completed, how many have no warning and how many have each highest level (the level of the
 * campaign assessment's highest warning, as unit staff see it per member).
 */
const riskCols = sql`
  (count(m.id) filter (where a.status = 'submitted'))::int as completed,
  (count(m.id) filter (where a.status = 'submitted' and lv.level is null))::int as "none",
  (count(m.id) filter (where a.status = 'submitted' and lv.level = 1))::int as low,
  (count(m.id) filter (where a.status = 'submitted' and lv.level = 2))::int as medium,
  (count(m.id) filter (where a.status = 'submitted' and lv.level >= 3))::int as high`;
const levelOf = sql`left join lateral (
  select max(w.level) as level from warnings w where w.assessment_id = a.id
) lv on true`;

/** Progress columns per target unit: a unit without members has one all-null row `m`. */
const unitProgressCols = sql`
  (count(m.id))::int as total,
  (count(m.id) filter (where a.status = 'submitted'))::int as completed,
  (count(m.id) filter (where k.id is not null and a.status is distinct from 'submitted'))::int as started,
  (count(m.id) filter (where m.id is not null and k.id is null))::int as "notStarted"`;

/**
 * `cols` over every targeted member with an account, each once (whichever target units reach
 * them), as `m` with their take `k` and its assessment `a`; `joins` adds to those.
 */
const overTargeted = (campaignId: number, roots: number[] | undefined, cols: SQL, joins = sql.empty()) => sql`
  with recursive ${treeOf(campaignId, roots)},
  targeted as (
    select distinct m.id from tree join org_members m on m.unit_id = tree.id
     where m.user_id is not null and ${listed(campaignId)}
  )
  select ${cols}
    from targeted m
    left join campaign_takes k on k.campaign_id = ${campaignId} and k.member_id = m.id
    left join assessments a on a.id = k.assessment_id
    ${joins}`;

/**
 * `cols` per target unit over the targeted members of it and its sub-units (as `m`, with `k`
 * and `a` as in `overTargeted`), each unit named by its path, in the units' order.
 */
const perTargetUnit = (
  campaignId: number,
  roots: number[] | undefined,
  cols: SQL,
  joins = sql.empty(),
) => sql`
  with recursive ${treeOf(campaignId, roots)}
  select r.id as "unitId", ${unitPathOf('r')} as "unitName", ${cols}
    from (select distinct root from tree) roots
    join org_units r on r.id = roots.root
    left join tree on tree.root = r.id
    left join org_members m on m.unit_id = tree.id and m.user_id is not null and ${listed(campaignId)}
    left join campaign_takes k on k.campaign_id = ${campaignId} and k.member_id = m.id
    left join assessments a on a.id = k.assessment_id
    ${joins}
   group by r.id, r.parent_id, r.name, r.sort
   order by r.sort, r.name, r.id`;

export const campaignsRepository = {
  async institutionExists(db: DbOrTx, id: number): Promise<boolean> {
    const [row] = await db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, id));
    return !!row;
  },

  /** Those of `unitIds` that are the institution's units. */
  unitsOfInstitution(db: DbOrTx, institutionId: number, unitIds: number[]) {
    return db
      .select({ id: orgUnits.id })
      .from(orgUnits)
      .where(
        and(eq(orgUnits.institutionId, institutionId), inArray(orgUnits.id, unitIds.length ? unitIds : [0])),
      );
  },

  /** The units an account sees as unit staff: those it was assigned and everything under them. */
  async staffVisibleUnits(db: DbOrTx, userId: number): Promise<number[]> {
    const rows = await executeRows<{ id: number }>(
      db,
      sql`with recursive v(id) as (
            select s.unit_id from org_unit_staff s where s.user_id = ${userId}
            union
            select u.id from org_units u join v on u.parent_id = v.id
          )
          select id from v`,
    );
    return rows.map((r) => Number(r.id));
  },

  /** Every unit a campaign reaches (its target units and everything under them), with its parent. */
  reached(db: DbOrTx, campaignId: number) {
    return executeRows<{ id: number; parentId: number | null }>(
      db,
      sql`with recursive ${treeOf(campaignId)}
          select distinct u.id, u.parent_id as "parentId" from tree join org_units u on u.id = tree.id`,
    );
  },

  /**
   * Campaigns (not drafts) reaching any of these units: targeting one of them or a unit above
   * one of them. Newest first.
   */
  async campaignsReaching(db: DbOrTx, unitIds: number[]): Promise<number[]> {
    if (!unitIds.length) return [];
    const rows = await executeRows<{ id: number }>(
      db,
      sql`with recursive up(id) as (
            select unnest(array[${sql.join(unitIds, sql`, `)}]::int[])
            union
            select u.parent_id from org_units u join up on u.id = up.id where u.parent_id is not null
          )
          select c.id from campaigns c
           where c.status <> 'draft'
             and exists (select 1 from campaign_units cu where cu.campaign_id = c.id and cu.unit_id in (select id from up))
           order by c.created_at desc, c.id desc
           limit 100`,
    );
    return rows.map((r) => Number(r.id));
  },

  async insert(db: DbOrTx, values: CampaignValues): Promise<CampaignRow> {
    const [row] = await db.insert(campaigns).values(values).returning();
    return row!;
  },

  async update(db: DbOrTx, id: number, values: Partial<CampaignValues>): Promise<void> {
    await db
      .update(campaigns)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(campaigns.id, id));
  },

  async byId(db: DbOrTx, id: number, lock = false): Promise<CampaignRow | undefined> {
    const q = db.select().from(campaigns).where(eq(campaigns.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async setUnits(db: DbOrTx, campaignId: number, unitIds: number[]): Promise<void> {
    await db.delete(campaignUnits).where(eq(campaignUnits.campaignId, campaignId));
    if (unitIds.length)
      await db.insert(campaignUnits).values(unitIds.map((unitId) => ({ campaignId, unitId })));
  },

  async setMembers(db: DbOrTx, campaignId: number, memberIds: number[]): Promise<void> {
    if (memberIds.length)
      await db.insert(campaignMembers).values(memberIds.map((memberId) => ({ campaignId, memberId })));
  },

  /** How many people each of these campaigns lists by name (absent: it targets whole units). */
  async listedCounts(db: DbOrTx, campaignIds: number[]): Promise<Map<number, number>> {
    if (campaignIds.length === 0) return new Map();
    const rows = await db
      .select({ id: campaignMembers.campaignId, n: count() })
      .from(campaignMembers)
      .where(inArray(campaignMembers.campaignId, campaignIds))
      .groupBy(campaignMembers.campaignId);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  },

  /**
   * 复测名单: everyone with a warning from their take of this campaign, highest level first,
   * with the re-tests of the campaign that already list them.
   */
  retestCandidates(db: DbOrTx, campaignId: number) {
    return executeRows<{
      memberId: number;
      name: string;
      memberNo: string;
      unitName: string;
      level: number;
      warnedAt: Date | string;
      retestIds: number[];
    }>(
      db,
      sql`select m.id as "memberId", m.name, m.member_no as "memberNo", ${unitPathOf('u')} as "unitName",
                 max(w.level)::int as level, min(w.created_at) as "warnedAt",
                 coalesce(array_agg(distinct cm.campaign_id) filter (where cm.campaign_id is not null), '{}') as "retestIds"
            from campaign_takes k
            join warnings w on w.assessment_id = k.assessment_id
            join org_members m on m.id = k.member_id
            join org_units u on u.id = m.unit_id
            left join campaigns rc on rc.retest_of = k.campaign_id
            left join campaign_members cm on cm.campaign_id = rc.id and cm.member_id = m.id
           where k.campaign_id = ${campaignId}
           group by m.id, u.id
           order by level desc, "warnedAt", m.id`,
    );
  },

  /**
   * The units a re-test of this campaign targets for these members: the campaign's target unit
   * each was reached through, or their own unit if they have moved out of its reach since.
   */
  async retestRoots(db: DbOrTx, campaignId: number, memberIds: number[]): Promise<number[]> {
    if (memberIds.length === 0) return [];
    const rows = await executeRows<{ id: number }>(
      db,
      sql`with recursive ${treeOf(campaignId)}
          select distinct coalesce(
                   (select min(tree.root) from tree where tree.id = m.unit_id), m.unit_id) as id
            from org_members m
           where m.id in (${sql.join(memberIds, sql`, `)})
           order by 1`,
    );
    return rows.map((r) => Number(r.id));
  },

  /** The re-tests of a campaign, oldest first. */
  retestsOf(db: DbOrTx, campaignId: number) {
    return db.select().from(campaigns).where(eq(campaigns.retestOf, campaignId)).orderBy(campaigns.id);
  },

  async unitsOf(db: DbOrTx, campaignIds: number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>();
    if (campaignIds.length === 0) return out;
    const rows = await db
      .select()
      .from(campaignUnits)
      .where(inArray(campaignUnits.campaignId, campaignIds))
      .orderBy(campaignUnits.unitId);
    for (const r of rows) out.set(r.campaignId, [...(out.get(r.campaignId) ?? []), r.unitId]);
    return out;
  },

  page(
    db: DbOrTx,
    f: { institutionIds?: number[]; status?: CampaignRow['status'] },
    p: { pageNum: number; pageSize: number },
  ) {
    const conds: SQL[] = [];
    if (f.institutionIds)
      conds.push(inArray(campaigns.institutionId, f.institutionIds.length ? f.institutionIds : [0]));
    if (f.status) conds.push(eq(campaigns.status, f.status));
    const where = conds.length ? and(...conds) : undefined;
    return pageWhere(
      p,
      where,
      [desc(campaigns.createdAt), desc(campaigns.id)],
      db.select().from(campaigns).$dynamic(),
      countFrom(db, campaigns),
    );
  },

  /** Completion over every targeted member (each once), counted in SQL. */
  async progress(db: DbOrTx, campaignId: number, roots?: number[]): Promise<ProgressRow> {
    const [row] = await executeRows<ProgressRow>(db, overTargeted(campaignId, roots, progressCols));
    return row ?? { total: 0, completed: 0, started: 0, notStarted: 0 };
  },

  /** Completion per target unit (its sub-units included), counted in SQL; units named by their path. */
  unitProgress(db: DbOrTx, campaignId: number, roots?: number[]) {
    return executeRows<ProgressRow & { unitId: number; unitName: string }>(
      db,
      perTargetUnit(campaignId, roots, unitProgressCols),
    );
  },

  /** Completed members by highest warning level, over every targeted member (each once). */
  async risk(db: DbOrTx, campaignId: number, roots?: number[]): Promise<RiskRow> {
    const [row] = await executeRows<RiskRow>(db, overTargeted(campaignId, roots, riskCols, levelOf));
    return row ?? { completed: 0, none: 0, low: 0, medium: 0, high: 0 };
  },

  /** Completed members by highest warning level per target unit (its sub-units included). */
  unitRisk(db: DbOrTx, campaignId: number, roots?: number[]) {
    return executeRows<RiskRow & { unitId: number; unitName: string }>(
      db,
      perTargetUnit(campaignId, roots, riskCols, levelOf),
    );
  },

  /** What a campaign asks people to take, named (…（测评方案） or …（量表）), and its institution. */
  async namesOf(
    db: DbOrTx,
    c: { planId: number | null; scaleId: number | null; institutionId: number },
  ): Promise<{ content: string; institution: string }> {
    const [row] = await executeRows<{
      plan: string | null;
      scale: string | null;
      institution: string | null;
    }>(
      db,
      sql`select (select p.title from plans p where p.id = ${c.planId ?? 0}) as plan,
                 (select s.name from scales s where s.id = ${c.scaleId ?? 0}) as scale,
                 (select i.name from institutions i where i.id = ${c.institutionId}) as institution`,
    );
    return {
      content: row?.plan ? `${row.plan}（测评方案）` : row?.scale ? `${row.scale}（量表）` : '—',
      institution: row?.institution ?? '—',
    };
  },

  /**
   * Open campaigns (of one institution, or all) with their completion and the warnings their
   * takes raised, the soonest to close first, at most `limit`, all counted in one statement.
   */
  openWithProgress(db: DbOrTx, institutionId: number | null, limit: number) {
    const inst = institutionId === null ? sql`` : sql`and c.institution_id = ${institutionId}`;
    return executeRows<OpenCampaignRow>(
      db,
      sql`with recursive tree(campaign_id, id) as (
            select cu.campaign_id, cu.unit_id from campaign_units cu
              join campaigns c on c.id = cu.campaign_id
             where c.status = 'open' ${inst}
            union
            select t.campaign_id, u.id from org_units u join tree t on u.parent_id = t.id
          ),
          targeted as (
            select distinct tree.campaign_id, m.id as member_id
              from tree join org_members m on m.unit_id = tree.id
             where m.user_id is not null and ${listed(sql`tree.campaign_id`)}
          ),
          figures as (
            select t.campaign_id, ${progressCols}
              from targeted t
              left join campaign_takes k on k.campaign_id = t.campaign_id and k.member_id = t.member_id
              left join assessments a on a.id = k.assessment_id
             group by t.campaign_id
          )
          select c.id, c.title, i.name as "institutionName", c.closes_at as "closesAt",
                 coalesce(f.total, 0)::int as total, coalesce(f.completed, 0)::int as completed,
                 coalesce(f.started, 0)::int as started,
                 (select count(*) from campaign_takes k join warnings w on w.assessment_id = k.assessment_id
                   where k.campaign_id = c.id)::int as warnings,
                 (count(*) over ())::int as open
            from campaigns c
            join institutions i on i.id = c.institution_id
            left join figures f on f.campaign_id = c.id
           where c.status = 'open' ${inst}
           order by c.closes_at, c.id
           limit ${limit}`,
    );
  },

  /** Every targeted member with their state; `roots` narrows to some target units. */
  targeted(db: DbOrTx, campaignId: number, roots?: number[]) {
    return executeRows<TargetRow>(db, sql`${targetedOf(campaignId, roots)} order by t.unit_id, t.member_no`);
  },

  /** Open campaigns (within their window) that target this account, with its state in each. */
  mine(db: DbOrTx, userId: number, now: Date) {
    return executeRows<{
      id: number;
      memberId: number;
    }>(
      db,
      sql`with recursive tree(campaign_id, id) as (
            select cu.campaign_id, cu.unit_id from campaign_units cu
              join campaigns c on c.id = cu.campaign_id
             where c.status = 'open' and c.opens_at <= ${now.toISOString()}::timestamptz and c.closes_at > ${now.toISOString()}::timestamptz
            union
            select t.campaign_id, u.id from org_units u join tree t on u.parent_id = t.id
          )
          select distinct tree.campaign_id as id, m.id as "memberId"
            from tree join org_members m on m.unit_id = tree.id
           where m.user_id = ${userId} and ${listed(sql`tree.campaign_id`)}
           order by 1`,
    );
  },

  /** The member row through which a campaign targets this account, if it does. */
  async memberFor(db: DbOrTx, campaignId: number, userId: number): Promise<number | undefined> {
    const [row] = await executeRows<{ memberId: number }>(
      db,
      sql`with recursive ${treeOf(campaignId)}
          select m.id as "memberId" from tree join org_members m on m.unit_id = tree.id
           where m.user_id = ${userId} and ${listed(campaignId)} limit 1`,
    );
    return row?.memberId;
  },

  async takesOf(db: DbOrTx, campaignIds: number[], memberIds: number[]) {
    if (!campaignIds.length || !memberIds.length) return [];
    return executeRows<{
      campaignId: number;
      memberId: number;
      assessmentId: number | null;
      status: string | null;
    }>(
      db,
      sql`select k.campaign_id as "campaignId", k.member_id as "memberId", k.assessment_id as "assessmentId", a.status
            from campaign_takes k left join assessments a on a.id = k.assessment_id
           where k.campaign_id in (${sql.join(campaignIds, sql`, `)}) and k.member_id in (${sql.join(memberIds, sql`, `)})`,
    );
  },

  async take(db: DbOrTx, campaignId: number, memberId: number) {
    const [row] = await db
      .select()
      .from(campaignTakes)
      .where(and(eq(campaignTakes.campaignId, campaignId), eq(campaignTakes.memberId, memberId)));
    return row;
  },

  /** Claims the member's take; false when one already exists (a concurrent start). */
  async claimTake(db: DbOrTx, campaignId: number, memberId: number, now: Date): Promise<boolean> {
    const rows = await db
      .insert(campaignTakes)
      .values({ campaignId, memberId, consentedAt: now, startedAt: now })
      .onConflictDoNothing()
      .returning({ id: campaignTakes.id });
    return rows.length > 0;
  },

  async setTakeAssessment(
    db: DbOrTx,
    campaignId: number,
    memberId: number,
    assessmentId: number,
  ): Promise<void> {
    await db
      .update(campaignTakes)
      .set({ assessmentId })
      .where(and(eq(campaignTakes.campaignId, campaignId), eq(campaignTakes.memberId, memberId)));
  },

  async dropTake(db: DbOrTx, campaignId: number, memberId: number): Promise<void> {
    await db
      .delete(campaignTakes)
      .where(and(eq(campaignTakes.campaignId, campaignId), eq(campaignTakes.memberId, memberId)));
  },

  /** Open campaigns whose window has ended (the sweeper closes them). */
  async closeEnded(db: DbOrTx, now: Date): Promise<number> {
    const rows = await db
      .update(campaigns)
      .set({ status: 'closed', updatedAt: now })
      .where(and(eq(campaigns.status, 'open'), lte(campaigns.closesAt, now)))
      .returning({ id: campaigns.id });
    return rows.length;
  },

  /** Open campaigns within their window with a reminder schedule. */
  async scheduled(db: DbOrTx, now: Date): Promise<number[]> {
    const rows = await db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.status, 'open'),
          gt(campaigns.closesAt, now),
          sql`cardinality(${campaigns.reminderDaysBeforeClose}) > 0`,
        ),
      );
    return rows.map((r) => r.id);
  },

  /** Those of these assessments taken for a campaign that does not show members their result. */
  async withheld(db: DbOrTx, assessmentIds: number[]): Promise<Set<number>> {
    if (!assessmentIds.length) return new Set();
    const rows = await db
      .select({ id: campaignTakes.assessmentId })
      .from(campaignTakes)
      .innerJoin(campaigns, eq(campaigns.id, campaignTakes.campaignId))
      .where(
        and(inArray(campaignTakes.assessmentId, assessmentIds), eq(campaigns.showResultToMember, false)),
      );
    return new Set(rows.map((r) => r.id!));
  },

  /** When each of these accounts was last reminded of this campaign. */
  async lastReminded(db: DbOrTx, campaignId: number, userIds: number[]): Promise<Map<number, Date>> {
    const out = new Map<number, Date>();
    if (!userIds.length) return out;
    const rows = await db
      .select({ userId: campaignNotices.userId, at: sql<Date | string>`max(${campaignNotices.createdAt})` })
      .from(campaignNotices)
      .where(
        and(
          eq(campaignNotices.campaignId, campaignId),
          eq(campaignNotices.kind, 'remind'),
          inArray(campaignNotices.userId, userIds),
        ),
      )
      .groupBy(campaignNotices.userId);
    for (const r of rows) out.set(r.userId, new Date(r.at));
    return out;
  },

  /** Campaign SMS each account received since `since` (the per-phone daily cap). */
  async smsSince(db: DbOrTx, userIds: number[], since: Date): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (!userIds.length) return out;
    const rows = await db
      .select({ userId: campaignNotices.userId, n: count() })
      .from(campaignNotices)
      .where(
        and(
          inArray(campaignNotices.userId, userIds),
          eq(campaignNotices.sms, true),
          gte(campaignNotices.createdAt, since),
        ),
      )
      .groupBy(campaignNotices.userId);
    for (const r of rows) out.set(r.userId, Number(r.n));
    return out;
  },

  async insertNotices(db: DbOrTx, rows: (typeof campaignNotices.$inferInsert)[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500)
      await db.insert(campaignNotices).values(rows.slice(i, i + 500));
  },
};
