import { and, asc, eq, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { executeRows } from '../../db/rows';
import { users } from '../users';
import { warningProgress, warnings } from '../warnings';
import { campaignWarningRoutes } from './campaigns.table';
import { unitPathOf } from './campaigns.repository';

export type RouteRow = typeof campaignWarningRoutes.$inferSelect;

/** A raised warning of an assessment taken through a campaign, with what routing it needs. */
export interface CampaignWarningFacts {
  warningId: number;
  level: number;
  campaignId: number;
  campaignTitle: string;
  contactHours: number[];
  memberId: number;
  memberName: string;
  unitId: number;
  unitName: string;
}

export interface RoutedWarningRow {
  id: number;
  campaignId: number;
  campaignTitle: string;
  memberId: number;
  memberName: string;
  memberNo: string;
  userId: number;
  assessmentId: number;
  unitId: number;
  unitName: string;
  level: number;
  status: string;
  routedAt: Date | string;
  step: number;
  currentUnitId: number | null;
  currentUnitName: string | null;
  dueAt: Date | string | null;
  contactedAt: Date | string | null;
  /** The person's warnings in this campaign, this one included. */
  warningCount: number;
}

export interface OutcomeRow {
  raised: number;
  contactedWithin24h: number;
  contactedWithin72h: number;
  contacted: number;
  medianHoursToContact: number | string | null;
  meanHoursToContact: number | string | null;
  referred: number;
  retested: number;
  improved: number;
  closed: number;
}

/**
 * One row per routed warning (its step 0), with the person, their unit, where it is now and the
 * first contact: unit staff's recorded contact or the experts' first follow-up record.
 */
const routedWarnings = (where: SQL) => sql`
  select w.id, r0.campaign_id as "campaignId", c.title as "campaignTitle", m.id as "memberId",
         m.name as "memberName", m.member_no as "memberNo", w.user_id as "userId", w.assessment_id as "assessmentId",
         m.unit_id as "unitId", ${unitPathOf('u')} as "unitName",
         w.level, w.status::text as status, r0.routed_at as "routedAt", cur.step,
         cur.unit_id as "currentUnitId", cu.name as "currentUnitName", cur.due_at as "dueAt",
         least(
           (select min(r.contacted_at) from campaign_warning_routes r where r.warning_id = w.id),
           (select min(p.created_at) from warning_progress p where p.warning_id = w.id)
         ) as "contactedAt",
         (select count(*)::int from campaign_warning_routes s
           where s.member_id = r0.member_id and s.campaign_id = r0.campaign_id and s.step = 0) as "warningCount"
    from campaign_warning_routes r0
    join warnings w on w.id = r0.warning_id
    join campaigns c on c.id = r0.campaign_id
    join org_members m on m.id = r0.member_id
    join org_units u on u.id = m.unit_id
    join lateral (
      select r.step, r.unit_id, r.due_at from campaign_warning_routes r
       where r.warning_id = w.id order by r.step desc limit 1
    ) cur on true
    left join org_units cu on cu.id = cur.unit_id
   where r0.step = 0 and ${where}`;

const stateOf = sql`case when x.status = 'closed' then 'closed'
                         when x."contactedAt" is not null then 'contacted' else 'pending' end`;

/**
 * The figures of a set of campaign warnings (`cw`), counted in SQL. Hours to contact are over the
 * contacted ones only (aggregates skip nulls).
 */
const figures = sql`
  count(cw.id)::int as raised,
  (count(*) filter (where cw.first_contact <= cw.created_at + interval '24 hours'))::int as "contactedWithin24h",
  (count(*) filter (where cw.first_contact <= cw.created_at + interval '72 hours'))::int as "contactedWithin72h",
  count(cw.first_contact)::int as contacted,
  round((percentile_cont(0.5) within group (order by extract(epoch from cw.first_contact - cw.created_at) / 3600))::numeric, 1) as "medianHoursToContact",
  round(avg(extract(epoch from cw.first_contact - cw.created_at) / 3600)::numeric, 1) as "meanHoursToContact",
  (count(*) filter (where cw.referred))::int as referred,
  (count(*) filter (where cw.retest_raw is not null))::int as retested,
  (count(*) filter (where cw.retest_raw < cw.raw))::int as improved,
  (count(*) filter (where cw.status = 'closed'))::int as closed`;

/**
 * A campaign's warnings with what the outcome figures need, one row each:
 * - first_contact: the first of unit staff's recorded contact and the experts' first follow-up;
 * - referred: a transfer (转介) of the person proposed at or after the warning;
 * - raw / retest_raw: the raw total of the warning's scale (the part whose scale is named as the
 *   warning says, else the first) and of the person's first later submitted take of that scale.
 */
const campaignWarningsCte = (campaignId: number) => sql`
  cw as (
    select w.id, w.created_at, w.status::text as status, m.unit_id,
           least(
             (select min(r.contacted_at) from campaign_warning_routes r where r.warning_id = w.id),
             (select min(p.created_at) from warning_progress p where p.warning_id = w.id)
           ) as first_contact,
           exists (select 1 from transfers t where t.user_id = w.user_id and t.created_at >= w.created_at) as referred,
           rt.raw, rt.retest_raw
      from campaign_takes k
      join warnings w on w.assessment_id = k.assessment_id
      join org_members m on m.id = k.member_id
      left join lateral (
        select (p1.result->>'rawScore')::float8 as raw, (p2.result->>'rawScore')::float8 as retest_raw
          from assessment_parts p1
          join scale_versions sv on sv.id = p1.scale_version_id
          left join lateral (
            select p.result from assessment_parts p join assessments a2 on a2.id = p.assessment_id
             where a2.user_id = w.user_id and a2.status = 'submitted' and a2.id <> w.assessment_id
               and a2.submitted_at > w.created_at and p.scale_id = p1.scale_id and p.result is not null
             order by a2.submitted_at, p.id limit 1
          ) p2 on true
         where p1.assessment_id = w.assessment_id and p1.result is not null
         order by (sv.definition->>'name' = w.scale_name) desc, p1.position
         limit 1
      ) rt on true
     where k.campaign_id = ${campaignId}
  )`;

/** Queries of campaign warning routing only. */
export const routingRepository = {
  /** The campaign take behind a warning, if its assessment was taken through a campaign. */
  async factsOf(db: DbOrTx, warningId: number): Promise<CampaignWarningFacts | undefined> {
    const [row] = await executeRows<CampaignWarningFacts>(
      db,
      sql`select w.id as "warningId", w.level, k.campaign_id as "campaignId", c.title as "campaignTitle",
                 c.contact_hours as "contactHours", m.id as "memberId", m.name as "memberName",
                 m.unit_id as "unitId", u.name as "unitName"
            from warnings w
            join campaign_takes k on k.assessment_id = w.assessment_id
            join campaigns c on c.id = k.campaign_id
            join org_members m on m.id = k.member_id
            join org_units u on u.id = m.unit_id
           where w.id = ${warningId}`,
    );
    return row && { ...row, contactHours: (row.contactHours ?? []).map(Number) };
  },

  /** A unit and each unit above it, nearest first, with their staff. */
  async chainOf(db: DbOrTx, unitId: number): Promise<{ id: number; name: string; staffIds: number[] }[]> {
    const rows = await executeRows<{ id: number; name: string; staffIds: number[] | null }>(
      db,
      sql`with recursive up(id, depth) as (
            select ${unitId}::int, 0
            union all
            select u.parent_id, up.depth + 1 from org_units u join up on u.id = up.id
             where u.parent_id is not null and up.depth < 20
          )
          select up.id, o.name,
                 (select array_agg(s.user_id order by s.user_id) from org_unit_staff s where s.unit_id = up.id) as "staffIds"
            from up join org_units o on o.id = up.id
           order by up.depth`,
    );
    return rows.map((r) => ({ id: Number(r.id), name: r.name, staffIds: (r.staffIds ?? []).map(Number) }));
  },

  /** Auditors and admins: the centre. */
  async centreIds(db: DbOrTx): Promise<number[]> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(or(eq(users.role, 'auditor'), eq(users.role, 'admin')), eq(users.status, 'active')));
    return rows.map((r) => r.id);
  },

  /** A step; false when it was already taken (a retried delivery, a second sweeper). */
  async insertRoute(db: DbOrTx, values: typeof campaignWarningRoutes.$inferInsert): Promise<boolean> {
    const rows = await db
      .insert(campaignWarningRoutes)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: campaignWarningRoutes.id });
    return rows.length > 0;
  },

  /**
   * Steps past their deadline with no first contact (none recorded, no follow-up record, the
   * warning still pending), locked; another sweeper skips them.
   */
  due(db: DbOrTx, now: Date, limit: number) {
    return db
      .select({ r: campaignWarningRoutes })
      .from(campaignWarningRoutes)
      .innerJoin(warnings, eq(warnings.id, campaignWarningRoutes.warningId))
      .where(
        and(
          lte(campaignWarningRoutes.dueAt, now),
          isNull(campaignWarningRoutes.contactedAt),
          isNull(campaignWarningRoutes.escalatedAt),
          isNotNull(campaignWarningRoutes.unitId),
          eq(warnings.status, 'pending'),
          sql`not exists (select 1 from ${warningProgress} p where p.warning_id = ${warnings.id})`,
        ),
      )
      .orderBy(asc(campaignWarningRoutes.dueAt), asc(campaignWarningRoutes.id))
      .limit(limit)
      .for('update', { of: campaignWarningRoutes, skipLocked: true });
  },

  async markEscalated(db: DbOrTx, routeId: number, at: Date): Promise<void> {
    await db
      .update(campaignWarningRoutes)
      .set({ escalatedAt: at })
      .where(eq(campaignWarningRoutes.id, routeId));
  },

  /** A warning's steps in order, optionally locked (recording a contact). */
  routesOf(db: DbOrTx, warningId: number, lock = false) {
    const q = db
      .select()
      .from(campaignWarningRoutes)
      .where(eq(campaignWarningRoutes.warningId, warningId))
      .orderBy(asc(campaignWarningRoutes.step));
    return lock ? q.for('update') : q;
  },

  /** The steps of these warnings with the unit's name and who recorded a contact. */
  historyOf(db: DbOrTx, warningIds: number[]) {
    if (!warningIds.length) return Promise.resolve([]);
    return executeRows<{
      warningId: number;
      step: number;
      unitId: number | null;
      unitName: string | null;
      routedAt: Date | string;
      dueAt: Date | string | null;
      contactedAt: Date | string | null;
      contactedByName: string | null;
      contactNote: string | null;
      escalatedAt: Date | string | null;
    }>(
      db,
      sql`select r.warning_id as "warningId", r.step, r.unit_id as "unitId", ${unitPathOf('o')} as "unitName",
                 r.routed_at as "routedAt", r.due_at as "dueAt", r.contacted_at as "contactedAt",
                 cu.name as "contactedByName", r.contact_note as "contactNote", r.escalated_at as "escalatedAt"
            from campaign_warning_routes r
            left join org_units o on o.id = r.unit_id
            left join users cu on cu.id = r.contacted_by
           where r.warning_id in (${sql.join(warningIds, sql`, `)})
           order by r.warning_id, r.step`,
    );
  },

  async warningStatus(db: DbOrTx, warningId: number): Promise<string | undefined> {
    const [row] = await db
      .select({ status: warnings.status })
      .from(warnings)
      .where(eq(warnings.id, warningId));
    return row?.status;
  },

  async setContact(
    db: DbOrTx,
    routeId: number,
    values: { contactedAt: Date; contactedBy: number; contactNote: string },
  ): Promise<void> {
    await db.update(campaignWarningRoutes).set(values).where(eq(campaignWarningRoutes.id, routeId));
  },

  /**
   * The current step of the person's other warnings in the same campaign that nobody has
   * contacted yet (one take can raise two: PHQ-9's total and its self-harm item).
   */
  async uncontactedSiblings(db: DbOrTx, warningId: number): Promise<number[]> {
    const rows = await executeRows<{ id: number }>(
      db,
      sql`select distinct on (r.warning_id) r.id
            from campaign_warning_routes me
            join campaign_warning_routes r
              on r.member_id = me.member_id and r.campaign_id = me.campaign_id and r.warning_id <> me.warning_id
            join warnings w on w.id = r.warning_id and w.status <> 'closed'
           where me.warning_id = ${warningId} and me.step = 0
             and not exists (select 1 from campaign_warning_routes c
                              where c.warning_id = r.warning_id and c.contacted_at is not null)
           order by r.warning_id, r.step desc`,
    );
    return rows.map((r) => Number(r.id));
  },

  /** The person's unit of a routed warning (unit staff's scope). */
  async memberUnitOf(db: DbOrTx, warningId: number): Promise<number | undefined> {
    const [row] = await executeRows<{ unitId: number }>(
      db,
      sql`select m.unit_id as "unitId" from campaign_warning_routes r join org_members m on m.id = r.member_id
           where r.warning_id = ${warningId} and r.step = 0`,
    );
    return row ? Number(row.unitId) : undefined;
  },

  /**
   * A page of routed warnings: of one campaign, and/or of people in `unitIds`, in a state;
   * waiting ones first, then the highest level, the newest.
   */
  async page(
    db: DbOrTx,
    f: {
      campaignId?: number | undefined;
      warningId?: number;
      unitIds?: number[];
      state?: string | undefined;
      /** One row per person and campaign: the most urgent of their warnings (pending first, then level, then deadline). */
      perPerson?: boolean;
    },
    p: { pageNum: number; pageSize: number },
  ): Promise<{ rows: RoutedWarningRow[]; total: number }> {
    const conds: SQL[] = [sql`true`];
    if (f.campaignId !== undefined) conds.push(sql`r0.campaign_id = ${f.campaignId}`);
    if (f.warningId !== undefined) conds.push(sql`w.id = ${f.warningId}`);
    if (f.unitIds) conds.push(sql`m.unit_id in (${sql.join(f.unitIds.length ? f.unitIds : [0], sql`, `)})`);
    const base = sql`(${routedWarnings(sql.join(conds, sql` and `))}) x`;
    const stateWhere = f.state ? sql`where ${stateOf} = ${f.state}` : sql``;
    const rowsOf = f.perPerson
      ? sql`(select x.*, row_number() over (
                      partition by x."memberId", x."campaignId"
                      order by (${stateOf} = 'pending') desc, x.level desc, x."dueAt" asc nulls last, x.id desc
                    ) as lead
               from ${base} ${stateWhere}) x where x.lead = 1`
      : sql`${base} ${stateWhere}`;
    const [rows, [counted]] = await Promise.all([
      executeRows<RoutedWarningRow>(
        db,
        sql`select x.* from ${rowsOf}
             order by (${stateOf} = 'pending') desc, x.level desc, x."routedAt" desc, x.id desc
             limit ${p.pageSize} offset ${(p.pageNum - 1) * p.pageSize}`,
      ),
      executeRows<{ n: number }>(db, sql`select count(*)::int as n from ${rowsOf}`),
    ]);
    return { rows, total: Number(counted?.n ?? 0) };
  },

  /** Outcome figures in total and per target unit (`roots` narrows to some, e.g. unit staff's). */
  async outcomes(
    db: DbOrTx,
    campaignId: number,
    tree: SQL,
  ): Promise<{ total: OutcomeRow; units: (OutcomeRow & { unitId: number; unitName: string })[] }> {
    const [total, units] = await Promise.all([
      executeRows<OutcomeRow>(
        db,
        sql`with recursive ${tree}, ${campaignWarningsCte(campaignId)}
            select ${figures} from cw where cw.unit_id in (select id from tree)`,
      ),
      executeRows<OutcomeRow & { unitId: number; unitName: string }>(
        db,
        sql`with recursive ${tree}, ${campaignWarningsCte(campaignId)}
            select r.id as "unitId", ${unitPathOf('r')} as "unitName", ${figures}
              from (select distinct root from tree) roots
              join org_units r on r.id = roots.root
              left join tree on tree.root = r.id
              left join cw on cw.unit_id = tree.id
             group by r.id, r.name, r.sort
             order by r.sort, r.name, r.id`,
      ),
    ]);
    return { total: total[0]!, units };
  },
};
