import type { Actor } from '../auth';

/** An order is its payer's alone: to anyone else, whatever their role, it does not exist. */
export const canSeeOrder = (actor: Actor, order: { userId: number }): boolean =>
  order.userId === actor.userId;
