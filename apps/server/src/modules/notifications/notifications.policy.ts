import type { Actor } from '../auth';

/** A notification is its addressee's alone; to anyone else it does not exist. */
export const canReadNotification = (actor: Actor, n: { userId: number }): boolean =>
  n.userId === actor.userId;
