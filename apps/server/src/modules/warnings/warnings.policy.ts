import { isAuditor, type Actor } from '../../lib/actor';

/**
 * A warning is followed up by the expert assigned to it, by the auditors, and by an expert
 * brought onto the person's case through an accepted cooperation whose scope includes the
 * warnings (`coFollower`: the cooperations module's grant, asked by the service).
 */
export const canHandleWarning = (actor: Actor, w: { expertId: number | null }, coFollower = false): boolean =>
  isAuditor(actor) ||
  (w.expertId !== null && w.expertId === actor.userId) ||
  (actor.role === 'expert' && coFollower);

/** An expert's list holds their own warnings; auditors see all (undefined: no filter). */
export const warningScope = (actor: Actor): number | undefined =>
  isAuditor(actor) ? undefined : actor.userId;
