import {
  CAMPAIGN_SMS_PER_PHONE_PER_DAY,
  CAMPAIGN_TITLE_MAX,
  campaignMessages,
  type Campaign,
  type CampaignCreate,
  type CampaignDetail,
  type CampaignEdit,
  type CampaignListQuery,
  type CampaignPendingMember,
  type CampaignRemindResult,
  type CampaignRetest,
  type CampaignRetestCandidate,
  type CampaignRetestSummary,
  type CampaignStaffMember,
  type MyCampaign,
  type Page,
} from '@psy/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { pgError, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import type { AssessmentsService } from '../assessments';
import type { PlansService } from '../plans';
import type { ScalesService } from '../scales';
import type { WarningsService } from '../warnings';
import {
  canEditCampaign,
  canManageCampaigns,
  canStaffSeeUnit,
  dueReminder,
  maySms,
  openProblem,
  remindableMembers,
  remindWaitHours,
  staffRootsOf,
  startProblem,
  subtreeIn,
} from './campaigns.policy';
import {
  campaignsRepository as repo,
  type CampaignRow,
  type ProgressRow,
  type RiskRow,
  type TargetRow,
} from './campaigns.repository';

export interface CampaignsDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  assessments: Pick<AssessmentsService, 'start'>;
  plans: Pick<PlansService, 'planToTake'>;
  scales: Pick<ScalesService, 'publishedVersion'>;
  warnings: Pick<WarningsService, 'maxLevels'>;
}

const DAY = 86_400_000;
const STALE_CLAIM_MS = 60_000;
const campaignMissing = () => notFound('活动不存在');
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function present(
  c: CampaignRow,
  unitIds: number[],
  progress: ProgressRow,
  listedMembers: number | null,
): Campaign {
  return {
    id: c.id,
    institutionId: c.institutionId,
    title: c.title,
    planId: c.planId,
    scaleId: c.scaleId,
    unitIds,
    opensAt: c.opensAt.toISOString(),
    closesAt: c.closesAt.toISOString(),
    consentText: c.consentText,
    showResultToMember: c.showResultToMember,
    reminderDaysBeforeClose: c.reminderDaysBeforeClose,
    contactHours: c.contactHours,
    status: c.status,
    lastRemindedAt: iso(c.lastRemindedAt),
    createdAt: c.createdAt.toISOString(),
    progress,
    retestOf: c.retestOf,
    listedMembers,
  };
}

/** A re-test's default name: the campaign's, marked 复测, within the title limit. */
const retestTitle = (title: string) => `${title.slice(0, CAMPAIGN_TITLE_MAX - 3)}·复测`;

const pending = (t: TargetRow): CampaignPendingMember => ({
  memberId: t.memberId,
  name: t.name,
  memberNo: t.memberNo,
  unitId: t.unitId,
  state: t.state,
  startedAt: iso(t.startedAt),
});

/**
 * What a campaign report covers: the campaign (or one unit it reaches, with everything under it)
 * narrowed to what the caller may see, its figures and names. `roots` and `unitIds` are undefined
 * for the centre's whole-campaign report.
 */
export interface CampaignReportScope {
  detail: CampaignDetail;
  content: string;
  institution: string;
  /** The one unit reported on (its path), or null for the whole campaign / all of my units. */
  unitName: string | null;
  roots: number[] | undefined;
  /** Every unit covered (the roots and everything under them), for the warning list. */
  unitIds: number[] | undefined;
  risk: { total: RiskRow; units: (RiskRow & { unitId: number; unitName: string })[] };
}

export function createCampaignsService({
  db,
  clock,
  events,
  assessments,
  plans,
  scales,
  warnings,
}: CampaignsDeps) {
  function mustManage(actor: Actor) {
    if (!canManageCampaigns(actor)) throw forbidden();
  }

  async function campaignOrMissing(tx: DbOrTx, id: number, lock = false) {
    const c = await repo.byId(tx, id, lock);
    if (!c) throw campaignMissing();
    return c;
  }

  /** The body's plan or scale must be takeable, its units the institution's. */
  async function checkBody(tx: DbOrTx, institutionId: number, body: CampaignEdit) {
    if (body.planId && !(await plans.planToTake(tx, body.planId))) throw badRequest('测评方案不存在');
    if (body.scaleId && !(await scales.publishedVersion(tx, body.scaleId)))
      throw badRequest('量表不存在或未发布');
    const units = await repo.unitsOfInstitution(tx, institutionId, body.unitIds);
    if (units.length !== new Set(body.unitIds).size) throw badRequest(campaignMessages.unitForeign);
  }

  const values = (body: CampaignEdit) => ({
    title: body.title,
    planId: body.planId ?? null,
    scaleId: body.scaleId ?? null,
    consentText: body.consentText,
    showResultToMember: body.showResultToMember,
    opensAt: new Date(body.opensAt),
    closesAt: new Date(body.closesAt),
    reminderDaysBeforeClose: [...new Set(body.reminderDaysBeforeClose)].sort((a, b) => b - a),
    contactHours: body.contactHours,
  });

  async function presentOne(tx: DbOrTx, c: CampaignRow): Promise<Campaign> {
    const [units, progress, listed] = await Promise.all([
      repo.unitsOf(tx, [c.id]),
      repo.progress(tx, c.id),
      repo.listedCounts(tx, [c.id]),
    ]);
    return present(c, units.get(c.id) ?? [], progress, listed.get(c.id) ?? null);
  }

  /**
   * Tells these accounts (in the caller's transaction): a notice row each, SMS for those under
   * the per-phone cap, and one event the notification rules and the SMS sender deliver.
   */
  async function notice(tx: DbOrTx, c: CampaignRow, kind: 'open' | 'remind', userIds: number[]) {
    const now = clock();
    const ids = [...new Set(userIds)];
    const sent = await repo.smsSince(tx, ids, new Date(now.getTime() - DAY));
    const smsUserIds = ids.filter((u) => maySms(sent.get(u) ?? 0, CAMPAIGN_SMS_PER_PHONE_PER_DAY));
    const sms = new Set(smsUserIds);
    await repo.insertNotices(
      tx,
      ids.map((userId) => ({ campaignId: c.id, userId, kind, sms: sms.has(userId), createdAt: now })),
    );
    if (ids.length)
      await events.emit(tx, 'campaign.notice', {
        campaignId: c.id,
        title: c.title,
        kind,
        closesAt: c.closesAt.toISOString(),
        userIds: ids,
        smsUserIds,
      });
    return { reminded: ids.length, sms: smsUserIds.length };
  }

  /** What unit staff see of a campaign: the reached units that are theirs, or 404. */
  async function staffView(actor: Actor, id: number, visibleUnits?: Set<number>) {
    const c = await repo.byId(db, id);
    if (!c || c.status === 'draft') throw campaignMissing();
    const visible = visibleUnits ?? new Set(await repo.staffVisibleUnits(db, actor.userId));
    const reached = await repo.reached(db, id);
    const roots = staffRootsOf(reached, visible);
    if (roots.length === 0) throw campaignMissing();
    const mine = new Set(reached.filter((u) => visible.has(u.id)).map((u) => u.id));
    return { c, roots, mine };
  }

  /** The figures and names of a report over `roots` (undefined: every target unit). */
  async function reportScope(
    c: CampaignRow,
    roots: number[] | undefined,
    unitIds: number[] | undefined,
    unitId: number | undefined,
  ): Promise<CampaignReportScope> {
    const [progress, units, names, riskTotal, riskUnits, targetUnits] = await Promise.all([
      repo.progress(db, c.id, roots),
      repo.unitProgress(db, c.id, roots),
      repo.namesOf(db, c),
      repo.risk(db, c.id, roots),
      repo.unitRisk(db, c.id, roots),
      roots ? Promise.resolve(roots) : repo.unitsOf(db, [c.id]).then((m) => m.get(c.id) ?? []),
    ]);
    return {
      detail: { ...present(c, targetUnits, progress, null), units, retests: [] },
      content: names.content,
      institution: names.institution,
      unitName: unitId === undefined ? null : (units.find((u) => u.unitId === unitId)?.unitName ?? null),
      roots,
      unitIds,
      risk: { total: riskTotal, units: riskUnits },
    };
  }

  return {
    // ---- auditors and admins ----
    async create(actor: Actor, body: CampaignCreate): Promise<Campaign> {
      mustManage(actor);
      return db.transaction(async (tx) => {
        if (!(await repo.institutionExists(tx, body.institutionId))) throw notFound('机构不存在');
        await checkBody(tx, body.institutionId, body);
        const c = await repo.insert(tx, {
          institutionId: body.institutionId,
          ...values(body),
          createdBy: actor.userId,
        });
        await repo.setUnits(tx, c.id, [...new Set(body.unitIds)]);
        return presentOne(tx, c);
      });
    },

    async edit(actor: Actor, id: number, body: CampaignEdit): Promise<Campaign> {
      mustManage(actor);
      return db.transaction(async (tx) => {
        const c = await campaignOrMissing(tx, id, true);
        if (!canEditCampaign(c)) throw conflict(campaignMessages.notDraft);
        // A re-test keeps what it compares against (its plan or scale) and its people, whose
        // units follow from them.
        const fixed = c.retestOf
          ? { planId: c.planId, scaleId: c.scaleId, unitIds: (await repo.unitsOf(tx, [id])).get(id) ?? [] }
          : { unitIds: [...new Set(body.unitIds)] };
        await checkBody(tx, c.institutionId, { ...body, ...fixed });
        await repo.update(tx, id, values({ ...body, ...fixed }));
        await repo.setUnits(tx, id, fixed.unitIds);
        return presentOne(tx, (await repo.byId(tx, id))!);
      });
    },

    /** Opens a draft and tells every targeted member with an account (in-app and SMS). */
    async open(actor: Actor, id: number): Promise<Campaign & { notified: number; sms: number }> {
      mustManage(actor);
      return db.transaction(async (tx) => {
        const c = await campaignOrMissing(tx, id, true);
        const problem = openProblem(c, clock());
        if (problem) throw conflict(problem);
        await repo.update(tx, id, { status: 'open', openedAt: clock() });
        const opened = (await repo.byId(tx, id))!;
        const targets = await repo.targeted(tx, id);
        const sent = await notice(
          tx,
          opened,
          'open',
          targets.map((t) => t.userId),
        );
        return { ...(await presentOne(tx, opened)), notified: sent.reminded, sms: sent.sms };
      });
    },

    async close(actor: Actor, id: number): Promise<Campaign> {
      mustManage(actor);
      return db.transaction(async (tx) => {
        const c = await campaignOrMissing(tx, id, true);
        if (c.status === 'closed') throw conflict(campaignMessages.alreadyClosed);
        await repo.update(tx, id, { status: 'closed' });
        return presentOne(tx, (await repo.byId(tx, id))!);
      });
    },

    async list(actor: Actor, q: CampaignListQuery): Promise<Page<Campaign>> {
      mustManage(actor);
      const { rows, total } = await repo.page(
        db,
        { institutionIds: q.institutionId ? [q.institutionId] : undefined, status: q.status },
        q,
      );
      const units = await repo.unitsOf(
        db,
        rows.map((r) => r.id),
      );
      const [progress, listed] = await Promise.all([
        Promise.all(rows.map((r) => repo.progress(db, r.id))),
        repo.listedCounts(
          db,
          rows.map((r) => r.id),
        ),
      ]);
      return {
        list: rows.map((r, i) => present(r, units.get(r.id) ?? [], progress[i]!, listed.get(r.id) ?? null)),
        total,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
      };
    },

    async detail(actor: Actor, id: number): Promise<CampaignDetail> {
      mustManage(actor);
      const c = await campaignOrMissing(db, id);
      const [one, units, retests] = await Promise.all([
        presentOne(db, c),
        repo.unitProgress(db, id),
        repo.retestsOf(db, id),
      ]);
      const retestProgress = await Promise.all(retests.map((r) => repo.progress(db, r.id)));
      return {
        ...one,
        units,
        retests: retests.map((r, i): CampaignRetestSummary => ({
          id: r.id,
          title: r.title,
          status: r.status,
          opensAt: r.opensAt.toISOString(),
          closesAt: r.closesAt.toISOString(),
          progress: retestProgress[i]!,
        })),
      };
    },

    /** 复测名单: the people with warnings in a campaign, for the re-test form. */
    async retestCandidates(actor: Actor, id: number): Promise<CampaignRetestCandidate[]> {
      mustManage(actor);
      await campaignOrMissing(db, id);
      return (await repo.retestCandidates(db, id)).map((r) => ({
        ...r,
        warnedAt: new Date(r.warnedAt).toISOString(),
        retestIds: r.retestIds.map(Number),
      }));
    },

    /**
     * 安排复测: a new draft with the campaign's plan or scale, consent and settings, listing the
     * people with warnings (all of them, or those chosen). It is opened like any campaign; their
     * later results are the campaign's re-test figures and show on their records' trends.
     */
    async scheduleRetest(actor: Actor, id: number, body: CampaignRetest): Promise<Campaign> {
      mustManage(actor);
      return db.transaction(async (tx) => {
        const parent = await campaignOrMissing(tx, id, true);
        if (parent.status === 'draft') throw conflict(campaignMessages.retestDraft);
        const candidates = new Set((await repo.retestCandidates(tx, id)).map((r) => r.memberId));
        if (candidates.size === 0) throw conflict(campaignMessages.retestNobody);
        const memberIds = body.memberIds ? [...new Set(body.memberIds)] : [...candidates];
        if (memberIds.some((m) => !candidates.has(m))) throw badRequest(campaignMessages.retestForeign);
        const c = await repo.insert(tx, {
          institutionId: parent.institutionId,
          title: body.title ?? retestTitle(parent.title),
          planId: parent.planId,
          scaleId: parent.scaleId,
          consentText: parent.consentText,
          showResultToMember: parent.showResultToMember,
          opensAt: new Date(body.opensAt),
          closesAt: new Date(body.closesAt),
          reminderDaysBeforeClose: parent.reminderDaysBeforeClose,
          contactHours: parent.contactHours,
          retestOf: parent.id,
          createdBy: actor.userId,
        });
        await repo.setUnits(tx, c.id, await repo.retestRoots(tx, id, memberIds));
        await repo.setMembers(tx, c.id, memberIds);
        return presentOne(tx, c);
      });
    },

    /**
     * The centre's report: the whole campaign, or one unit it reaches (a target unit or one
     * below it) with its sub-units; another unit answers 404.
     */
    async report(actor: Actor, id: number, unitId?: number): Promise<CampaignReportScope> {
      mustManage(actor);
      const c = await campaignOrMissing(db, id);
      if (unitId === undefined) return reportScope(c, undefined, undefined, undefined);
      const reached = await repo.reached(db, id);
      if (!reached.some((u) => u.id === unitId)) throw notFound(campaignMessages.reportUnitMissing);
      return reportScope(c, [unitId], subtreeIn(reached, unitId), unitId);
    },

    /**
     * The open campaigns (of one institution, or all: the caller decided) with their live
     * completion and warnings raised, for the big screen; no names.
     */
    async openOnScreen(institutionId: number | null, limit: number) {
      const rows = await repo.openWithProgress(db, institutionId, limit);
      return {
        open: rows[0]?.open ?? 0,
        list: rows.map((r) => ({
          id: r.id,
          title: r.title,
          institutionName: r.institutionName,
          closesAt: new Date(r.closesAt).toISOString(),
          total: r.total,
          completed: r.completed,
          started: r.started,
          warnings: r.warnings,
        })),
      };
    },

    /** Who in a unit the campaign reaches (its sub-units included) has not finished. */
    async pending(actor: Actor, id: number, unitId: number): Promise<CampaignPendingMember[]> {
      mustManage(actor);
      await campaignOrMissing(db, id);
      const reached = await repo.reached(db, id);
      if (!reached.some((u) => u.id === unitId)) throw notFound('单位不存在');
      return (await repo.targeted(db, id, [unitId])).filter((t) => t.state !== 'completed').map(pending);
    },

    /** Reminds everyone not finished, at most once per cooldown per campaign (429 otherwise). */
    async remind(actor: Actor, id: number): Promise<CampaignRemindResult> {
      mustManage(actor);
      return db.transaction(async (tx) => {
        const c = await campaignOrMissing(tx, id, true);
        const now = clock();
        const problem = startProblem(c, now);
        if (problem) throw conflict(problem);
        const wait = remindWaitHours(c.lastRemindedAt, now);
        if (wait > 0) throw new AppError('RATE_LIMITED', campaignMessages.remindTooSoon(wait));
        const unfinished = (await repo.targeted(tx, id)).filter((t) => t.state !== 'completed');
        if (unfinished.length === 0) throw conflict(campaignMessages.nobodyToRemind);
        await repo.update(tx, id, { lastRemindedAt: now });
        return notice(
          tx,
          c,
          'remind',
          unfinished.map((t) => t.userId),
        );
      });
    },

    /**
     * The sweeper's step: closes campaigns whose window has ended and sends the scheduled
     * reminders that are due, each campaign in its own transaction under its row lock, so two
     * instances never send one twice. Answers how many reminders went out.
     */
    async sweep(): Promise<number> {
      const now = clock();
      await repo.closeEnded(db, now);
      let sent = 0;
      for (const id of await repo.scheduled(db, now))
        sent += await db.transaction(async (tx) => {
          const c = await repo.byId(tx, id, true);
          if (!c || c.status !== 'open' || !dueReminder(c, now)) return 0;
          const unfinished = (await repo.targeted(tx, id)).filter((t) => t.state !== 'completed');
          await repo.update(tx, id, { lastRemindedAt: now });
          if (unfinished.length)
            await notice(
              tx,
              c,
              'remind',
              unfinished.map((t) => t.userId),
            );
          return 1;
        });
      return sent;
    },

    /** Assessments whose result their owner may not see (the assessments domain asks). */
    withheld: (assessmentIds: number[]) => repo.withheld(db, assessmentIds),

    // ---- members ----
    /** 我的筛查: open campaigns that target me, with my state in each. */
    async mine(actor: Actor): Promise<MyCampaign[]> {
      const rows = await repo.mine(db, actor.userId, clock());
      if (!rows.length) return [];
      const ids = [...new Set(rows.map((r) => r.id))];
      const [cs, takes] = await Promise.all([
        Promise.all(ids.map((id) => repo.byId(db, id))),
        repo.takesOf(
          db,
          ids,
          rows.map((r) => r.memberId),
        ),
      ]);
      return cs
        .filter((c): c is CampaignRow => !!c)
        .map((c) => {
          const mine = new Set(rows.filter((r) => r.id === c.id).map((r) => r.memberId));
          const take = takes.find((k) => k.campaignId === c.id && mine.has(k.memberId));
          return {
            id: c.id,
            title: c.title,
            opensAt: c.opensAt.toISOString(),
            closesAt: c.closesAt.toISOString(),
            consentText: c.consentText,
            showResultToMember: c.showResultToMember,
            state: !take ? 'not_started' : take.status === 'submitted' ? 'completed' : 'started',
            assessmentId: take?.assessmentId ?? null,
          };
        });
    },

    /**
     * Starts (or resumes) my take: the assessment comes from the ordinary plan/scale flow
     * (`assessments.start`), and the take links it to the campaign. A campaign that does not
     * target me answers 404.
     */
    async start(actor: Actor, id: number): Promise<{ assessmentId: number }> {
      const c = await repo.byId(db, id);
      const memberId = c ? await repo.memberFor(db, id, actor.userId) : undefined;
      if (!c || memberId === undefined || c.status === 'draft') throw campaignMissing();
      const existing = await repo.take(db, id, memberId);
      if (existing?.assessmentId != null) return { assessmentId: existing.assessmentId };
      if (existing) {
        // A claim whose start never finished (a crash between the two steps) is given up after
        // a minute, so the member is never stuck; a fresh one means a start is under way.
        if (clock().getTime() - existing.startedAt.getTime() < STALE_CLAIM_MS)
          throw conflict(campaignMessages.starting);
        await repo.dropTake(db, id, memberId);
      }
      const problem = startProblem(c, clock());
      if (problem) throw conflict(problem);
      if (!(await repo.claimTake(db, id, memberId, clock()))) throw conflict(campaignMessages.starting);
      try {
        const a = await assessments.start(actor, c.planId ? { planId: c.planId } : { scaleId: c.scaleId! });
        await repo.setTakeAssessment(db, id, memberId, a.id);
        return { assessmentId: a.id };
      } catch (err) {
        await repo.dropTake(db, id, memberId);
        // The ordinary flow resumed an open assessment of the same plan or scale that another
        // campaign already holds: one assessment counts for one campaign.
        if (pgError(err).code === UNIQUE_VIOLATION) throw conflict(campaignMessages.busyElsewhere);
        throw err;
      }
    },

    // ---- unit staff ----
    /** Open and closed campaigns touching my units, with the progress of my units only. */
    async staffList(actor: Actor): Promise<Campaign[]> {
      const visible = new Set(await repo.staffVisibleUnits(db, actor.userId));
      if (visible.size === 0) return [];
      const out: Campaign[] = [];
      for (const id of await repo.campaignsReaching(db, [...visible])) {
        const { c, roots } = await staffView(actor, id, visible);
        out.push(present(c, roots, await repo.progress(db, id, roots), null));
      }
      return out;
    },

    async staffDetail(actor: Actor, id: number): Promise<CampaignDetail> {
      const { c, roots } = await staffView(actor, id);
      const [progress, units] = await Promise.all([
        repo.progress(db, id, roots),
        repo.unitProgress(db, id, roots),
      ]);
      return { ...present(c, roots, progress, null), units, retests: [] };
    },

    /**
     * A unit leader's report: their units in the campaign, or one of them (`unitId`, with its
     * sub-units); a unit outside their units, or not reached by the campaign, answers 404.
     */
    async staffReport(actor: Actor, id: number, unitId?: number): Promise<CampaignReportScope> {
      const { c, roots, mine } = await staffView(actor, id);
      if (unitId === undefined) return reportScope(c, roots, undefined, undefined);
      if (!canStaffSeeUnit(mine, unitId)) throw notFound(campaignMessages.reportUnitMissing);
      const reached = await repo.reached(db, id);
      return reportScope(c, [unitId], subtreeIn(reached, unitId), unitId);
    },

    /**
     * The members of one of my target units with their state and risk level (the highest
     * warning level of the campaign's assessment), never answers nor scores.
     */
    async staffMembers(actor: Actor, id: number, unitId: number): Promise<CampaignStaffMember[]> {
      const { mine } = await staffView(actor, id);
      if (!canStaffSeeUnit(mine, unitId)) throw notFound('单位不存在');
      const rows = await repo.targeted(db, id, [unitId]);
      const levels = await warnings.maxLevels(
        db,
        rows.flatMap((r) => (r.assessmentId && r.state === 'completed' ? [r.assessmentId] : [])),
      );
      return rows.map((r) => ({
        ...pending(r),
        riskLevel: (r.assessmentId && levels.get(r.assessmentId)) || null,
      }));
    },

    /**
     * 一键提醒 for unit staff: the unfinished members of their units in this campaign who were not
     * reminded of it within the cooldown (by anyone); 429 when all of them were.
     */
    async staffRemind(actor: Actor, id: number): Promise<CampaignRemindResult> {
      const { roots } = await staffView(actor, id);
      return db.transaction(async (tx) => {
        const c = await campaignOrMissing(tx, id, true);
        const now = clock();
        const problem = startProblem(c, now);
        if (problem) throw conflict(problem);
        const unfinished = (await repo.targeted(tx, id, roots)).filter((t) => t.state !== 'completed');
        if (unfinished.length === 0) throw conflict(campaignMessages.nobodyToRemind);
        const last = await repo.lastReminded(
          tx,
          id,
          unfinished.map((t) => t.userId),
        );
        const { eligible, waitHours } = remindableMembers(unfinished, last, now);
        if (eligible.length === 0)
          throw new AppError('RATE_LIMITED', campaignMessages.remindTooSoon(waitHours));
        return notice(
          tx,
          c,
          'remind',
          eligible.map((t) => t.userId),
        );
      });
    },

    async staffPending(actor: Actor, id: number, unitId: number): Promise<CampaignPendingMember[]> {
      return (await this.staffMembers(actor, id, unitId))
        .filter((m) => m.state !== 'completed')
        .map(({ riskLevel: _omit, ...m }) => m);
    },
  };
}
export type CampaignsService = ReturnType<typeof createCampaignsService>;
