import { ANONYMOUS_NAME, maskName, type FeedbackStatus } from '@psy/contracts';
import { isAuditor, type Actor } from '../../lib/actor';

/**
 * What the owning module says about an object feedback may be left on (bookings, reports,
 * courses each answer it for their own objects).
 */
export interface SubjectFacts {
  /** Whose it is: the booker, the person assessed, the learner (null: the caller has no enrolment). */
  ownerId: number | null;
  /** Who handles feedback on it, or null when nobody does. */
  expertId: number | null;
  /** It is in the state that takes feedback: completed, paid or unlocked, bought and not refunded. */
  ready: boolean;
}

/** Why the caller may not leave feedback on the object (null: they may). */
export type LeaveProblem = 'missing' | 'not_owner' | 'not_ready' | 'no_expert' | 'own' | null;

/** Only the owner of an object in the right state leaves feedback, for an expert other than themselves. */
export function leaveProblem(actor: Actor, s: SubjectFacts | undefined): LeaveProblem {
  if (!s) return 'missing';
  if (s.ownerId !== actor.userId) return 'not_owner';
  if (!s.ready) return 'not_ready';
  if (s.expertId === null) return 'no_expert';
  if (s.expertId === actor.userId) return 'own';
  return null;
}

export interface FeedbackFacts {
  userId: number;
  expertId: number;
  status: FeedbackStatus;
}

/** Which side a feedback is read from: the writer's centre, the expert workbench, the audit workbench. */
export type FeedbackView = 'user' | 'expert' | 'auditor';

/** The writer reads their own, the expert it is addressed to reads it, auditors read all; anyone else gets 404. */
export function canSeeFeedback(actor: Actor, f: FeedbackFacts, view: FeedbackView): boolean {
  if (view === 'user') return f.userId === actor.userId;
  if (view === 'expert') return actor.role === 'expert' && f.expertId === actor.userId;
  return isAuditor(actor);
}

/** The writer changes it until the expert has handled it. */
export const canEditFeedback = (actor: Actor, f: FeedbackFacts): boolean =>
  f.userId === actor.userId && f.status === 'open';

/** The expert it is addressed to handles it (with or without a reply), once. */
export const canHandleFeedback = (actor: Actor, f: FeedbackFacts): boolean =>
  actor.role === 'expert' && f.expertId === actor.userId && f.status === 'open';

/** How other users read the writer: 匿名用户 when they asked for it, else the masked name (张**). */
export const publicName = (name: string, anonymous: boolean): string =>
  anonymous || !name.trim() ? ANONYMOUS_NAME : maskName(name);
