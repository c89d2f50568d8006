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
 * Unit staff see a campaign only through their units: the campaign must target one of the units
 * they see (their units and everything under them), and then they see only those units.
 * Anything else answers 404.
 */
export function staffUnitsOf(targeted: readonly number[], visible: ReadonlySet<number>): number[] {
  return targeted.filter((u) => visible.has(u));
}
export const canStaffSeeUnit = (visible: ReadonlySet<number>, unitId: number): boolean => visible.has(unitId);

/** Whether another SMS may go to a phone that received `sentToday` campaign SMS in the last 24 h. */
export const maySms = (sentToday: number, perDay: number): boolean => sentToday < perDay;
