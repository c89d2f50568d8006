import { COURSE_REFUND_DAYS, COURSE_REFUND_MAX_PERCENT, LESSON_DONE_RATIO } from '@psy/contracts';
import { isAuditor, type Actor } from '../../lib/actor';

interface Owned {
  expertId: number;
}

/** Only the expert who made a course edits and submits it. */
export const canEditCourse = (actor: Actor, c: Owned): boolean =>
  actor.role === 'expert' && c.expertId === actor.userId;

/** The draft (and its lessons' media) is the author's and the reviewers'. */
export const canSeeCourseDraft = (actor: Actor, c: Owned): boolean =>
  c.expertId === actor.userId || isAuditor(actor);

/** Approving, rejecting, and taking a course off the shelves (and back). */
export const canReviewCourse = (actor: Actor): boolean => isAuditor(actor);

/** A lesson opens for learners of the course, and free-trial lessons for anyone. */
export const canOpenLesson = (enrolled: boolean, lesson: { freeTrial: boolean }): boolean =>
  enrolled || lesson.freeTrial;

/** Only learners of the course may rate it, once. */
export const canReviewAsLearner = (enrolled: boolean, alreadyReviewed: boolean): boolean =>
  enrolled && !alreadyReviewed;

const DAY_MS = 86_400_000;

/** Until when a paid enrolment may be refunded, or null: free, refunded, too late, or learned too much. */
export function refundableUntil(
  e: { status: 'active' | 'refunded'; amountFen: number; joinedAt: Date },
  progressPercent: number,
  now: Date,
): Date | null {
  if (e.status !== 'active' || e.amountFen <= 0) return null;
  if (progressPercent >= COURSE_REFUND_MAX_PERCENT) return null;
  const until = new Date(e.joinedAt.getTime() + COURSE_REFUND_DAYS * DAY_MS);
  return until > now ? until : null;
}

export interface LessonState {
  positionSec: number;
  watchedSec: number;
  done: boolean;
}

/** The fastest playback speed the player offers: more than this per second of wall time was not watched. */
const MAX_SPEED = 2;

/**
 * A progress report applied to where the learner was. Watched seconds count at most what
 * the time since the last save allows (at double speed, plus 2 s of slack), so seeking to
 * the end is not watching. A video lesson is done at 90% watched; a text lesson when read.
 * Done stays done.
 */
export function applyProgress(
  prev: LessonState | null,
  report: { positionSec: number; watchedSec: number; read: boolean },
  lesson: { kind: 'video' | 'text'; durationSec: number },
  elapsedSec: number,
): LessonState {
  const was = prev ?? { positionSec: 0, watchedSec: 0, done: false };
  const duration = Math.max(0, lesson.durationSec);
  const position = Math.min(Math.max(0, report.positionSec), duration || report.positionSec);
  const allowed = Math.max(0, elapsedSec) * MAX_SPEED + 2;
  const watched = Math.min(was.watchedSec + Math.min(report.watchedSec, allowed), duration || Infinity);
  const done =
    was.done ||
    (lesson.kind === 'text' ? report.read : duration > 0 && watched >= duration * LESSON_DONE_RATIO);
  return { positionSec: position, watchedSec: watched, done };
}

/** Whole percent of lessons done. */
export const progressPercent = (done: number, total: number): number =>
  total > 0 ? Math.min(100, Math.floor((done * 100) / total)) : 0;
