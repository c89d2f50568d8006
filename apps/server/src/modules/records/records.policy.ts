import type { CooperationScope, RecordVia } from '@psy/contracts';
import { isAuditor, type Actor } from '../../lib/actor';

/** How the caller came to read a person's record, and what it lets them do there. */
export interface RecordAccess {
  via: RecordVia;
  cooperationId: number | null;
  scope: CooperationScope | null;
}

/**
 * Who opens a person's record (心理档案): the auditors; the expert who serves the person now
 * (their assigned expert, or for a person without one the expert of their assessments: the
 * same rule transfers use); an expert invited onto the case by an accepted cooperation, within
 * its scope. Anyone else, the person included, gets 404 (null).
 */
export function recordAccess(
  actor: Actor,
  facts: { isPerson: boolean; serves: boolean; grant: { id: number; scope: CooperationScope } | null },
): RecordAccess | null {
  if (!facts.isPerson) return null;
  if (isAuditor(actor)) return { via: 'auditor', cooperationId: null, scope: null };
  if (actor.role !== 'expert') return null;
  if (facts.serves) return { via: 'assigned', cooperationId: null, scope: null };
  if (facts.grant) return { via: 'cooperation', cooperationId: facts.grant.id, scope: facts.grant.scope };
  return null;
}

/** A cooperating expert follows up the person's warnings only when the scope says so. */
export const followsUpWarnings = (a: RecordAccess): boolean =>
  a.via !== 'cooperation' || a.scope === 'record_and_warnings';

/** The phone in full for those who may have to call (their expert, auditors, warning follow-up); masked otherwise. */
export const seesFullPhone = followsUpWarnings;

/** A cooperating expert reads the cooperations they are part of; the person's expert and auditors all of them. */
export const seesCooperation = (
  actor: Actor,
  a: RecordAccess,
  c: { inviter: { id: number }; invitee: { id: number } },
): boolean => a.via !== 'cooperation' || c.inviter.id === actor.userId || c.invitee.id === actor.userId;

/** How the person's own page names whoever opened their record: auditors are not named. */
export function viewerShown(
  via: RecordVia,
  viewer: { name: string; title: string | null; institution: string | null } | undefined,
): { role: string; name: string; title: string | null; institution: string | null } {
  if (via === 'auditor' || !viewer)
    return { role: '平台审核员', name: '平台审核员', title: null, institution: null };
  return { role: via === 'assigned' ? '负责专家' : '协作专家', ...viewer };
}
