import type { Actor } from '../auth';

type Parties = { userId: number; expertId: number };

/**
 * How the caller sees a booking: the expert it is with sees it as the expert (with the
 * client's phone), the person who booked it as the user; to anyone else it does not exist.
 */
export function bookingViewer(actor: Actor, b: Parties): 'user' | 'expert' | null {
  if (b.expertId === actor.userId) return 'expert';
  if (b.userId === actor.userId) return 'user';
  return null;
}

/** The user side (cancel) is the booker's; the expert side (cancel, complete, no-show) the expert's. */
export const canActOnBooking = (actor: Actor, b: Parties, as: 'user' | 'expert'): boolean =>
  as === 'user' ? b.userId === actor.userId : b.expertId === actor.userId && actor.role === 'expert';

/** Nobody books their own slot. */
export const canBookSlot = (actor: Actor, slot: { expertId: number }): boolean =>
  slot.expertId !== actor.userId;
