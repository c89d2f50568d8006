import { isAuditor, type Actor } from '../../lib/actor';

/** The full report is its owner's, once paid and (where the plan asks) approved. */
export const canReadReport = (actor: Actor, a: { userId: number }): boolean => a.userId === actor.userId;

/** A report is approved by the expert who follows the person up, or by an auditor. */
export const canApproveReport = (actor: Actor, a: { expertId: number | null }): boolean =>
  isAuditor(actor) || (a.expertId !== null && a.expertId === actor.userId);

/** An expert's approval list holds their own people; auditors see all (undefined: no filter). */
export const approvalScope = (actor: Actor): number | undefined =>
  isAuditor(actor) ? undefined : actor.userId;
