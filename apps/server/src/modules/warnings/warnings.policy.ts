import { isAuditor, type Actor } from '../../lib/actor';

/** A warning is followed up by the expert assigned to it, and by the auditors. */
export const canHandleWarning = (actor: Actor, w: { expertId: number | null }): boolean =>
  isAuditor(actor) || (w.expertId !== null && w.expertId === actor.userId);

/** An expert's list holds their own warnings; auditors see all (undefined: no filter). */
export const warningScope = (actor: Actor): number | undefined =>
  isAuditor(actor) ? undefined : actor.userId;
