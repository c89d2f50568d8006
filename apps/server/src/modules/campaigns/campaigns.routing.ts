import {
  CAMPAIGN_CENTRE_NAME,
  PAGE_SIZE_MAX,
  campaignWarningMessages,
  type CampaignOutcomeFigures,
  type CampaignOutcomes,
  type CampaignWarningAuditItem,
  type CampaignWarningContactBody,
  type CampaignWarningItem,
  type CampaignWarningsAuditQuery,
  type CampaignWarningsQuery,
  type Page,
} from '@psy/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { WarningsService } from '../warnings';
import {
  canManageCampaigns,
  contactDueAt,
  contactHoursFor,
  contactProblem,
  isOverdue,
  nextStop,
  routedWarningState,
  staffRootsOf,
} from './campaigns.policy';
import { campaignsRepository as campaignsRepo, treeOf } from './campaigns.repository';
import {
  routingRepository as repo,
  type CampaignWarningFacts,
  type OutcomeRow,
  type RoutedWarningRow,
} from './campaigns.routing.repository';

export interface CampaignWarningsDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  warnings: Pick<WarningsService, 'markEscalated'>;
}

/** Steps the sweeper takes per transaction. */
const SWEEP_BATCH = 100;
const date = (d: Date | string | null) => (d === null ? null : new Date(d));
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const num = (v: number | string | null) => (v === null ? null : Number(v));
const missing = () => notFound(campaignWarningMessages.missing);

function outcome(r: OutcomeRow): CampaignOutcomeFigures {
  return {
    raised: r.raised,
    contactedWithin24h: r.contactedWithin24h,
    contactedWithin72h: r.contactedWithin72h,
    contacted: r.contacted,
    medianHoursToContact: num(r.medianHoursToContact),
    meanHoursToContact: num(r.meanHoursToContact),
    referred: r.referred,
    retested: r.retested,
    improved: r.improved,
    closed: r.closed,
  };
}

/**
 * 预警分级处置: a warning raised by a campaign's assessment goes to the staff of the person's unit
 * at once (the `warning.raised` delivery), and up one unit at a time while nobody records a first
 * contact within the campaign's contact time (the sweeper), to the centre at the top. Unit staff
 * see their units' warnings and record the first contact; auditors see each step.
 */
export function createCampaignWarnings({ db, clock, events, warnings }: CampaignWarningsDeps) {
  function present(r: RoutedWarningRow, now: Date): CampaignWarningItem {
    const contactedAt = date(r.contactedAt);
    const dueAt = date(r.dueAt);
    const state = routedWarningState({ status: r.status, contactedAt });
    return {
      id: Number(r.id),
      campaignId: Number(r.campaignId),
      campaignTitle: r.campaignTitle,
      memberId: Number(r.memberId),
      memberName: r.memberName,
      memberNo: r.memberNo,
      unitId: Number(r.unitId),
      unitName: r.unitName,
      level: Number(r.level),
      routedAt: new Date(r.routedAt).toISOString(),
      currentUnitId: r.currentUnitId === null ? null : Number(r.currentUnitId),
      currentUnitName: r.currentUnitName ?? CAMPAIGN_CENTRE_NAME,
      step: Number(r.step),
      dueAt: iso(dueAt),
      state,
      overdue: isOverdue(state, dueAt, now),
      contactedAt: iso(contactedAt),
      warningCount: Number(r.warningCount),
    };
  }

  /**
   * Takes a warning to its next stop (the first unit with staff after `fromUnitId`, or the
   * centre) as step `step`, and announces it, in the caller's transaction. False: the step was
   * already taken.
   */
  async function routeTo(
    tx: DbOrTx,
    f: CampaignWarningFacts,
    step: number,
    fromUnitId: number | undefined,
    now: Date,
  ): Promise<boolean> {
    const chain = await repo.chainOf(tx, f.unitId);
    const stop = nextStop(chain, fromUnitId);
    const hours = contactHoursFor(f.contactHours, f.level);
    const dueAt = stop ? contactDueAt(now, f.level, f.contactHours) : null;
    const taken = await repo.insertRoute(tx, {
      warningId: f.warningId,
      campaignId: f.campaignId,
      memberId: f.memberId,
      step,
      unitId: stop?.id ?? null,
      routedAt: now,
      dueAt,
    });
    if (!taken) return false;
    const escalated = step > 0;
    // Past every unit after an escalation: shown as escalated to the experts too.
    if (!stop && escalated) await warnings.markEscalated(tx, f.warningId, now);
    await events.emit(tx, 'campaign.warningRouted', {
      warningId: f.warningId,
      campaignTitle: f.campaignTitle,
      memberName: f.memberName,
      unitName: f.unitName,
      level: f.level,
      hours,
      dueAt: iso(dueAt),
      escalated,
      staffIds: stop ? [...stop.staffIds] : [],
      centreIds: stop ? [] : await repo.centreIds(tx),
    });
    return true;
  }

  /** Unit staff's units (assigned and everything under them). */
  const visibleUnits = (actor: Actor) => campaignsRepo.staffVisibleUnits(db, actor.userId);

  return {
    /**
     * A warning was raised (the `warning.raised` delivery, in its transaction): when its
     * assessment was taken through a campaign, the first step goes to the person's unit.
     */
    async routeRaised(tx: DbOrTx, warningId: number): Promise<boolean> {
      const f = await repo.factsOf(tx, warningId);
      if (!f) return false;
      return routeTo(tx, f, 0, undefined, clock());
    },

    /**
     * The sweeper's step: every step past its deadline without a first contact goes up one
     * unit, its staff told; the step is marked and the next one written in one transaction,
     * under row locks other sweepers skip, so each happens once. Answers how many moved.
     */
    async escalate(): Promise<number> {
      let moved = 0;
      for (;;) {
        const n = await db.transaction(async (tx) => {
          const now = clock();
          const due = await repo.due(tx, now, SWEEP_BATCH);
          for (const { r } of due) {
            await repo.markEscalated(tx, r.id, now);
            const f = await repo.factsOf(tx, r.warningId);
            if (f) await routeTo(tx, f, r.step + 1, r.unitId ?? undefined, now);
          }
          return due.length;
        });
        moved += n;
        if (n < SWEEP_BATCH) return moved;
      }
    },

    // ---- unit staff ----
    /**
     * 我的单位预警: the people in my units with routed warnings, one row per person and campaign
     * (its most urgent warning; one contact answers them all); no answers, no scores.
     */
    async staffList(actor: Actor, q: CampaignWarningsQuery): Promise<Page<CampaignWarningItem>> {
      const units = await visibleUnits(actor);
      if (!units.length) return { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize };
      const { rows, total } = await repo.page(
        db,
        { campaignId: q.campaignId, unitIds: units, state: q.state, perPerson: true },
        q,
      );
      const now = clock();
      return { list: rows.map((r) => present(r, now)), total, pageNum: q.pageNum, pageSize: q.pageSize };
    },

    /**
     * Records the first contact (once; a second answers 409 and changes nothing) on the step the
     * warning is at: its climb stops there. Not a warning of my units: 404.
     */
    async contact(
      actor: Actor,
      warningId: number,
      body: CampaignWarningContactBody,
    ): Promise<CampaignWarningItem> {
      const units = new Set(await visibleUnits(actor));
      await db.transaction(async (tx) => {
        const routes = await repo.routesOf(tx, warningId, true);
        const unitId = routes.length ? await repo.memberUnitOf(tx, warningId) : undefined;
        if (unitId === undefined || !units.has(unitId)) throw missing();
        const status = (await repo.warningStatus(tx, warningId)) ?? 'closed';
        const problem = contactProblem({
          status,
          staffContacted: routes.some((r) => r.contactedAt !== null),
        });
        if (problem) throw conflict(problem);
        // Contacting the person answers every warning of theirs in this campaign.
        const contact = { contactedAt: clock(), contactedBy: actor.userId, contactNote: body.note };
        for (const routeId of [routes.at(-1)!.id, ...(await repo.uncontactedSiblings(tx, warningId))])
          await repo.setContact(tx, routeId, contact);
      });
      const { rows } = await repo.page(db, { warningId }, { pageNum: 1, pageSize: 1 });
      const row = rows[0]!;
      return present(row, clock());
    },

    /** Outcome figures of my units in a campaign (figures only); not my campaign: 404. */
    async staffOutcomes(actor: Actor, campaignId: number): Promise<CampaignOutcomes> {
      const c = await campaignsRepo.byId(db, campaignId);
      if (!c || c.status === 'draft') throw notFound('活动不存在');
      const visible = new Set(await visibleUnits(actor));
      const roots = staffRootsOf(await campaignsRepo.reached(db, campaignId), visible);
      if (!roots.length) throw notFound('活动不存在');
      return this.outcomesOf(campaignId, roots);
    },

    // ---- auditors and admins ----
    async auditList(
      actor: Actor,
      campaignId: number,
      q: CampaignWarningsAuditQuery,
    ): Promise<Page<CampaignWarningAuditItem>> {
      if (!canManageCampaigns(actor)) throw forbidden();
      if (!(await campaignsRepo.byId(db, campaignId))) throw notFound('活动不存在');
      const { rows, total } = await repo.page(db, { campaignId, state: q.state }, q);
      const history = await repo.historyOf(
        db,
        rows.map((r) => Number(r.id)),
      );
      const now = clock();
      return {
        list: rows.map((r) => ({
          ...present(r, now),
          userId: Number(r.userId),
          assessmentId: Number(r.assessmentId),
          routes: history
            .filter((h) => Number(h.warningId) === Number(r.id))
            .map((h) => ({
              step: Number(h.step),
              unitId: h.unitId === null ? null : Number(h.unitId),
              unitName: h.unitName ?? CAMPAIGN_CENTRE_NAME,
              routedAt: new Date(h.routedAt).toISOString(),
              dueAt: iso(h.dueAt),
              contactedAt: iso(h.contactedAt),
              contactedByName: h.contactedByName,
              contactNote: h.contactNote,
              escalatedAt: iso(h.escalatedAt),
            })),
        })),
        total,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
      };
    },

    /**
     * Every warning of a campaign (the centre's report), of people in `unitIds` when given, a
     * page at a time.
     */
    async auditAll(actor: Actor, campaignId: number, unitIds?: number[]): Promise<CampaignWarningItem[]> {
      if (!canManageCampaigns(actor)) throw forbidden();
      if (!(await campaignsRepo.byId(db, campaignId))) throw notFound('活动不存在');
      const all: CampaignWarningItem[] = [];
      const now = clock();
      for (let pageNum = 1; ; pageNum++) {
        const { rows, total } = await repo.page(
          db,
          { campaignId, ...(unitIds ? { unitIds } : {}) },
          { pageNum, pageSize: PAGE_SIZE_MAX },
        );
        all.push(...rows.map((r) => present(r, now)));
        if (all.length >= total || rows.length === 0) return all;
      }
    },

    async auditOutcomes(actor: Actor, campaignId: number): Promise<CampaignOutcomes> {
      if (!canManageCampaigns(actor)) throw forbidden();
      if (!(await campaignsRepo.byId(db, campaignId))) throw notFound('活动不存在');
      return this.outcomesOf(campaignId);
    },

    /** Figures per target unit (or per `roots`) and in total. */
    async outcomesOf(campaignId: number, roots?: number[]): Promise<CampaignOutcomes> {
      const { total, units } = await repo.outcomes(db, campaignId, treeOf(campaignId, roots));
      return {
        total: outcome(total),
        units: units.map((u) => ({ unitId: Number(u.unitId), unitName: u.unitName, ...outcome(u) })),
      };
    },
  };
}
export type CampaignWarnings = ReturnType<typeof createCampaignWarnings>;

/** Routes each raised warning in the delivery of `warning.raised`, so it is never lost nor routed twice. */
export function subscribeWarningRouting(events: EventBus, routing: CampaignWarnings): void {
  events.subscribe('warning.raised', async (e, ctx) => {
    await routing.routeRaised(ctx.tx, e.warningId);
  });
}
