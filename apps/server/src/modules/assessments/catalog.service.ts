import type { ActivityDetail, ActivitySummary, PlanDetail, PlanSummary } from '@psy/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { institutions } from '../institutions/institutions.table';
import { scales, scaleVersions } from '../scales/scales.table';
import { activities, assessments, planScales, plans } from './assessments.table';

/** Plans and activities as visitors browse them. */
export function createCatalogService({ db, clock }: { db: Db; clock: Clock }) {
  async function planSummaries(
    ids?: number[],
  ): Promise<(PlanSummary & { row: typeof plans.$inferSelect })[]> {
    const rows = await db
      .select()
      .from(plans)
      .where(and(eq(plans.published, true), ids ? inArray(plans.id, ids) : undefined))
      .orderBy(asc(plans.id));
    if (!rows.length) return [];
    const members = await db
      .select({
        planId: planScales.planId,
        position: planScales.position,
        id: scales.id,
        name: scales.name,
        shortName: scales.shortName,
        itemCount: scaleVersions.itemCount,
        minutes: sql<number>`coalesce((${scaleVersions.definition}->>'estimatedMinutes')::int, 5)`,
      })
      .from(planScales)
      .innerJoin(scales, eq(scales.id, planScales.scaleId))
      .innerJoin(scaleVersions, eq(scaleVersions.id, scales.publishedVersionId))
      .where(
        inArray(
          planScales.planId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(planScales.position));
    const taken = await db
      .select({ planId: assessments.planId, n: sql<number>`count(*)::int` })
      .from(assessments)
      .where(
        and(
          inArray(
            assessments.planId,
            rows.map((r) => r.id),
          ),
          eq(assessments.status, 'submitted'),
        ),
      )
      .groupBy(assessments.planId);
    return rows.map((p) => {
      const m = members.filter((x) => x.planId === p.id);
      return {
        row: p,
        id: p.id,
        title: p.title,
        intro: p.intro,
        itemCount: m.reduce((s, x) => s + x.itemCount, 0),
        estimatedMinutes: m.reduce((s, x) => s + Number(x.minutes), 0),
        priceFen: p.priceFen,
        scales: m.map((x) => ({ id: x.id, name: x.name, shortName: x.shortName })),
        takenCount: Number(taken.find((t) => t.planId === p.id)?.n ?? 0),
      };
    });
  }

  function phase(a: typeof activities.$inferSelect): ActivitySummary['phase'] {
    const now = clock();
    return a.startsAt > now ? 'upcoming' : a.endsAt <= now ? 'ended' : 'ongoing';
  }

  async function activitySummaries(
    id?: number,
  ): Promise<(ActivitySummary & { formFields: ActivityDetail['formFields'] })[]> {
    const rows = await db
      .select({
        a: activities,
        planTitle: plans.title,
        scaleName: scales.name,
        institution: institutions.name,
      })
      .from(activities)
      .leftJoin(plans, eq(plans.id, activities.planId))
      .leftJoin(scales, eq(scales.id, activities.scaleId))
      .leftJoin(institutions, eq(institutions.id, activities.institutionId))
      .where(id ? eq(activities.id, id) : undefined)
      .orderBy(asc(activities.startsAt));
    const counts = await db
      .select({ id: assessments.activityId, n: sql<number>`count(distinct ${assessments.userId})::int` })
      .from(assessments)
      .where(sql`${assessments.activityId} is not null`)
      .groupBy(assessments.activityId);
    return rows.map(({ a, planTitle, scaleName, institution }) => ({
      id: a.id,
      title: a.title,
      intro: a.intro,
      startsAt: a.startsAt.toISOString(),
      endsAt: a.endsAt.toISOString(),
      phase: phase(a),
      target: a.planId
        ? { kind: 'plan', id: a.planId, name: planTitle ?? '' }
        : { kind: 'scale', id: a.scaleId!, name: scaleName ?? '' },
      institution,
      participantCount: Number(counts.find((c) => c.id === a.id)?.n ?? 0),
      formFields: a.formFields,
    }));
  }

  return {
    async plans(): Promise<PlanSummary[]> {
      return (await planSummaries()).map(({ row: _row, ...p }) => p);
    },
    async plan(id: number): Promise<PlanDetail> {
      const [p] = await planSummaries([id]);
      if (!p) throw notFound('测评方案不存在');
      const { row, ...summary } = p;
      return {
        ...summary,
        guidance: row.guidance,
        consentText: row.consentText,
        formFields: row.formFields,
        requiresApproval: row.requiresApproval,
      };
    },
    async activities(): Promise<ActivitySummary[]> {
      // Ongoing first, then upcoming, then ended.
      const order = { ongoing: 0, upcoming: 1, ended: 2 } as const;
      return (await activitySummaries())
        .map(({ formFields: _f, ...a }) => a)
        .sort((x, y) => order[x.phase] - order[y.phase]);
    },
    async activity(id: number): Promise<ActivityDetail> {
      const [a] = await activitySummaries(id);
      if (!a) throw notFound('活动不存在');
      return a;
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
