import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowCountsOf } from '../../db/row-counts';
import { institutions } from '../institutions';
import { scales, scaleVersions } from '../scales';
import { activities, planScales, plans } from './plans.table';

export type PlanRow = typeof plans.$inferSelect;
export type ActivityRow = typeof activities.$inferSelect;

/** Queries of plans, their scales and activities only. */
export const plansRepository = {
  async published(tx: DbOrTx, ids?: number[]): Promise<PlanRow[]> {
    return tx
      .select()
      .from(plans)
      .where(and(eq(plans.published, true), ids ? inArray(plans.id, ids) : undefined))
      .orderBy(asc(plans.id));
  },

  /** The published scales of each plan, in order, with their size. */
  async members(tx: DbOrTx, planIds: number[]) {
    if (!planIds.length) return [];
    return tx
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
      .where(inArray(planScales.planId, planIds))
      .orderBy(asc(planScales.position));
  },

  /** Submitted assessments per plan, counted by the assessments' triggers (migration 0045). */
  async takenCounts(tx: DbOrTx, planIds: number[]): Promise<Map<number, number>> {
    if (!planIds.length) return new Map();
    const kept = await rowCountsOf(tx, 'plan_takers');
    return new Map(planIds.map((id) => [id, kept.get(String(id)) ?? 0]));
  },

  async activities(tx: DbOrTx, id?: number) {
    return tx
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
  },

  /** Distinct participants per activity (reads the assessments' table). */
  async participantCounts(tx: DbOrTx): Promise<Map<number, number>> {
    const rows = await tx.execute<{ activity_id: number; n: number }>(
      sql`select activity_id, count(distinct user_id)::int as n from assessments
          where activity_id is not null group by activity_id`,
    );
    return new Map(
      rowsOf<{ activity_id: number; n: number }>(rows).map((r) => [Number(r.activity_id), Number(r.n)]),
    );
  },

  async planById(tx: DbOrTx, id: number, opts: { published?: boolean } = {}): Promise<PlanRow | undefined> {
    const [p] = await tx
      .select()
      .from(plans)
      .where(and(eq(plans.id, id), opts.published ? eq(plans.published, true) : undefined));
    return p;
  },

  async scaleIdsOf(tx: DbOrTx, planId: number): Promise<number[]> {
    const rows = await tx
      .select({ scaleId: planScales.scaleId })
      .from(planScales)
      .where(eq(planScales.planId, planId))
      .orderBy(asc(planScales.position));
    return rows.map((r) => r.scaleId);
  },

  async activityById(tx: DbOrTx, id: number): Promise<ActivityRow | undefined> {
    const [a] = await tx.select().from(activities).where(eq(activities.id, id));
    return a;
  },
};

/** PGlite answers `{ rows }`, postgres-js an array: callers see rows either way. */
function rowsOf<T>(r: unknown): T[] {
  return Array.isArray(r) ? (r as T[]) : ((r as { rows?: T[] }).rows ?? []);
}
