import { CAMPAIGN_REMIND_COOLDOWN_HOURS, campaignMessages, type CampaignStatus } from '@psy/contracts';
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
