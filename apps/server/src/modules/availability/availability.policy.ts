import type { Actor } from '../auth';

/** An expert publishes, closes and reopens their own slots and weekly templates only. */
export const canManageAvailability = (actor: Actor, of: { expertId: number }): boolean =>
  actor.role === 'expert' && of.expertId === actor.userId;
