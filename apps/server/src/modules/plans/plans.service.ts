import type { ActivityDetail, ActivitySummary, FormField, PlanDetail, PlanSummary } from '@psy/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { CatalogueCache } from '../../lib/catalogue-cache';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { plansRepository as repo, type ActivityRow, type PlanRow } from './plans.repository';

/** Plans and activities: the catalogue visitors browse, and what taking one needs. */
export function createPlansService({
  db,
  clock,
  catalogue,
}: {
  db: Db;
  clock: Clock;
  catalogue: CatalogueCache;
}) {
  async function planSummaries(ids?: number[]): Promise<(PlanSummary & { row: PlanRow })[]> {
    const rows = await repo.published(db, ids);
    if (!rows.length) return [];
    const planIds = rows.map((r) => r.id);
    const [members, taken] = await Promise.all([repo.members(db, planIds), repo.takenCounts(db, planIds)]);
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
        takenCount: taken.get(p.id) ?? 0,
      };
    });
  }

  function phase(a: ActivityRow): ActivitySummary['phase'] {
    const now = clock();
    return a.startsAt > now ? 'upcoming' : a.endsAt <= now ? 'ended' : 'ongoing';
  }

  async function activitySummaries(id?: number): Promise<ActivityDetail[]> {
    const [rows, counts] = await Promise.all([repo.activities(db, id), repo.participantCounts(db)]);
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
      participantCount: counts.get(a.id) ?? 0,
      formFields: a.formFields,
    }));
  }

  return {
    plans: (): Promise<PlanSummary[]> =>
      catalogue.get('plans', 'plans', async () => (await planSummaries()).map(({ row: _row, ...p }) => p)),
    /** A published plan's page, held with the list (its taken count counts every assessment of it). */
    plan: (id: number): Promise<PlanDetail> =>
      catalogue.get('plans', `detail:${id}`, async () => {
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
      }),
    activities: (): Promise<ActivitySummary[]> =>
      catalogue.get('plans', 'activities', async () => {
        // Ongoing first, then upcoming, then ended.
        const order = { ongoing: 0, upcoming: 1, ended: 2 } as const;
        return (await activitySummaries())
          .map(({ formFields: _f, ...a }) => a)
          .sort((x, y) => order[x.phase] - order[y.phase]);
      }),
    async activity(id: number): Promise<ActivityDetail> {
      const [a] = await activitySummaries(id);
      if (!a) throw notFound('活动不存在');
      return a;
    },

    // ---- for taking (assessments) ----

    /** A published plan and its scales in order, or undefined. */
    async planToTake(tx: DbOrTx, id: number): Promise<(PlanRow & { scaleIds: number[] }) | undefined> {
      const p = await repo.planById(tx, id, { published: true });
      return p && { ...p, scaleIds: await repo.scaleIdsOf(tx, p.id) };
    },
    activityRow: (tx: DbOrTx, id: number) => repo.activityById(tx, id),
    /** What an assessment of this plan / activity shows: guidance and the extra basic-info fields. */
    async takingInfo(
      tx: DbOrTx,
      planId: number | null,
      activityId: number | null,
    ): Promise<{ guidance: string | null; formFields: FormField[] }> {
      const p = planId ? await repo.planById(tx, planId) : undefined;
      const a = activityId ? await repo.activityById(tx, activityId) : undefined;
      return {
        guidance: p?.guidance ?? null,
        formFields: [...(p?.formFields ?? []), ...(a?.formFields ?? [])],
      };
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
