import {
  CAMPAIGN_CONTACT_HOURS_DEFAULT,
  CAMPAIGN_REMIND_COOLDOWN_HOURS,
  campaignMessages,
  campaignWarningMessages,
  type CampaignStatus,
  type CampaignWarningState,
} from '@psy/contracts';
import { isAuditor, type Actor } from '../../lib/actor';

const HOUR = 3_600_000;

/** Auditors and admins create, open, close and remind. */
export const canManageCampaigns = (actor: Actor): boolean => isAuditor(actor);

/** Only a draft is edited. */
export const canEditCampaign = (c: { status: CampaignStatus }): boolean => c.status === 'draft';

/** Why a draft may not open now (null: it may): only a draft, and never after its window. */
export function openProblem(c: { status: CampaignStatus; closesAt: Date }, now: Date): string | null {
  if (c.status !== 'draft') return campaignMessages.notDraftToOpen;
  if (c.closesAt <= now) return campaignMessages.closedWindow;
  return null;
}

/** Why a member may not start now (null: they may): open, within the window, and targeted. */
export function startProblem(
  c: { status: CampaignStatus; opensAt: Date; closesAt: Date },
  now: Date,
): string | null {
  if (c.status !== 'open') return campaignMessages.notOpen;
  if (now < c.opensAt) return campaignMessages.notYet;
  if (now >= c.closesAt) return campaignMessages.over;
  return null;
}

/**
 * Hours still to wait before the next reminder of a campaign (0: now). One reminder per
 * `CAMPAIGN_REMIND_COOLDOWN_HOURS`, so a double click never sends twice.
 */
export function remindWaitHours(lastRemindedAt: Date | null, now: Date): number {
  if (!lastRemindedAt) return 0;
  const wait = lastRemindedAt.getTime() + CAMPAIGN_REMIND_COOLDOWN_HOURS * HOUR - now.getTime();
  return wait > 0 ? Math.ceil(wait / HOUR) : 0;
}

/**
 * The units through which unit staff follow a campaign: the units both reached by the campaign
 * (its target units and everything under them) and visible to them (their units and everything
 * under them), each counted once from its top-most unit. None: the campaign answers 404.
 */
export function staffRootsOf(
  reached: readonly { id: number; parentId: number | null }[],
  visible: ReadonlySet<number>,
): number[] {
  const both = new Set(reached.filter((u) => visible.has(u.id)).map((u) => u.id));
  return reached
    .filter((u) => both.has(u.id) && (u.parentId === null || !both.has(u.parentId)))
    .map((u) => u.id)
    .sort((a, b) => a - b);
}
/**
 * A report on one unit covers it and every unit under it among those the campaign reaches: the
 * units whose people its warning list holds.
 */
export function subtreeIn(
  reached: readonly { id: number; parentId: number | null }[],
  unitId: number,
): number[] {
  const out = [unitId];
  for (let i = 0; i < out.length; i++)
    for (const u of reached) if (u.parentId === out[i] && !out.includes(u.id)) out.push(u.id);
  return out;
}
export const canStaffSeeUnit = (visible: ReadonlySet<number>, unitId: number): boolean => visible.has(unitId);

/** Whether another SMS may go to a phone that received `sentToday` campaign SMS in the last 24 h. */
export const maySms = (sentToday: number, perDay: number): boolean => sentToday < perDay;

/**
 * The scheduled reminder due now, if any: the latest `closes_at - d days` (d in the schedule)
 * that has passed, after the opening and after the last reminder (a reminder sent by hand
 * since counts), while the campaign is still open. Null: nothing to send.
 */
export function dueReminder(
  c: {
    reminderDaysBeforeClose: readonly number[];
    closesAt: Date;
    openedAt: Date | null;
    lastRemindedAt: Date | null;
  },
  now: Date,
): Date | null {
  if (now >= c.closesAt || !c.openedAt) return null;
  let due: Date | null = null;
  for (const d of c.reminderDaysBeforeClose) {
    const at = new Date(c.closesAt.getTime() - d * 24 * HOUR);
    if (at <= now && at > c.openedAt && (!due || at > due)) due = at;
  }
  if (!due || (c.lastRemindedAt && c.lastRemindedAt >= due)) return null;
  return due;
}

/**
 * Unit staff remind member by member: those not reminded for this campaign within the cooldown.
 * `waitHours` (when nobody is eligible) is how long until the first one is.
 */
export function remindableMembers<T extends { userId: number }>(
  unfinished: readonly T[],
  lastReminded: ReadonlyMap<number, Date>,
  now: Date,
): { eligible: T[]; waitHours: number } {
  const eligible = unfinished.filter((m) => remindWaitHours(lastReminded.get(m.userId) ?? null, now) === 0);
  const waits = unfinished.map((m) => remindWaitHours(lastReminded.get(m.userId) ?? null, now));
  return { eligible, waitHours: eligible.length ? 0 : Math.min(...waits) };
}

// ---- 预警分级处置: routing a campaign's warnings up the units ----

/** A unit on the way up from a person's unit, with its staff. */
export interface RouteUnit {
  id: number;
  staffIds: readonly number[];
}

/**
 * Where a warning goes next: the first unit with staff in `chain` (the person's unit, then each
 * unit above it) after `fromUnitId` (from the start when undefined); a unit without staff is
 * passed over, since nobody there would hear of it. Null: past every unit, to the centre.
 */
export function nextStop(chain: readonly RouteUnit[], fromUnitId?: number): RouteUnit | null {
  const start = fromUnitId === undefined ? 0 : chain.findIndex((u) => u.id === fromUnitId) + 1;
  if (start <= 0 && fromUnitId !== undefined) return null;
  return chain.slice(start).find((u) => u.staffIds.length > 0) ?? null;
}

/** The contact time of a warning level (1..3) from a campaign's `contactHours` (低危, 中危, 高危). */
export function contactHoursFor(hours: readonly number[], level: number): number {
  const at = Math.min(Math.max(level, 1), 3) - 1;
  return hours[at] ?? CAMPAIGN_CONTACT_HOURS_DEFAULT[at]!;
}

/** The deadline of a routing step made at `routedAt`. */
export const contactDueAt = (routedAt: Date, level: number, hours: readonly number[]): Date =>
  new Date(routedAt.getTime() + contactHoursFor(hours, level) * HOUR);

/** 待联系 / 已联系 / 已结案 of a routed warning. */
export function routedWarningState(w: { status: string; contactedAt: Date | null }): CampaignWarningState {
  if (w.status === 'closed') return 'closed';
  return w.contactedAt ? 'contacted' : 'pending';
}

/** Not contacted and past the current step's deadline (the centre has none). */
export const isOverdue = (state: CampaignWarningState, dueAt: Date | null, now: Date): boolean =>
  state === 'pending' && dueAt !== null && dueAt <= now;

/** Why unit staff may not record a first contact now (null: they may). */
export function contactProblem(w: { status: string; staffContacted: boolean }): string | null {
  if (w.staffContacted) return campaignWarningMessages.alreadyContacted;
  if (w.status === 'closed') return campaignWarningMessages.closed;
  return null;
}
