import { isAuditor, type Actor } from '../../lib/actor';

/** Taking and the user's own result are the person's only. */
export const canTake = (actor: Actor, a: { userId: number }): boolean => a.userId === actor.userId;

/**
 * A person's answers, scores and report are seen by the expert who followed up that
 * assessment, by the person's assigned expert now (`assignedExpertId`: a transfer's receiver
 * reads the whole history) and by the auditors; anyone else gets 404.
 */
export const canFollowUp = (
  actor: Actor,
  a: { expertId: number | null },
  assignedExpertId: number | null = null,
): boolean =>
  isAuditor(actor) ||
  (a.expertId !== null && a.expertId === actor.userId) ||
  (assignedExpertId !== null && assignedExpertId === actor.userId);

/** The expert's list holds the people they follow up; auditors see everyone (undefined: no filter). */
export const followUpScope = (actor: Actor): number | undefined =>
  isAuditor(actor) ? undefined : actor.userId;
