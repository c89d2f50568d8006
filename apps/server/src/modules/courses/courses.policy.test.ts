import { describe, expect, it } from 'vitest';
import {
  applyProgress,
  canEditCourse,
  canOpenLesson,
  canReviewAsLearner,
  canReviewCourse,
  canSeeCourseDraft,
  progressPercent,
  refundableUntil,
} from './courses.policy';
import { auditor, expert, secondExpert as other } from '../../lib/test-actors';

const user = { userId: 9, role: 'user' };

describe('course policy', () => {
  it('lets only the author edit; the author and reviewers see the draft', () => {
    expect(canEditCourse(expert, { expertId: 7 })).toBe(true);
    expect(canEditCourse(other, { expertId: 7 })).toBe(false);
    expect(canEditCourse(auditor, { expertId: 7 })).toBe(false);
    expect(canSeeCourseDraft(expert, { expertId: 7 })).toBe(true);
    expect(canSeeCourseDraft(auditor, { expertId: 7 })).toBe(true);
    expect(canSeeCourseDraft(other, { expertId: 7 })).toBe(false);
    expect(canSeeCourseDraft(user, { expertId: 7 })).toBe(false);
    expect(canReviewCourse(auditor)).toBe(true);
    expect(canReviewCourse(expert)).toBe(false);
  });

  it('opens lessons to learners, and free-trial lessons to anyone', () => {
    expect(canOpenLesson(true, { freeTrial: false })).toBe(true);
    expect(canOpenLesson(false, { freeTrial: true })).toBe(true);
    expect(canOpenLesson(false, { freeTrial: false })).toBe(false);
  });

  it('lets a learner review once, nobody else', () => {
    expect(canReviewAsLearner(true, false)).toBe(true);
    expect(canReviewAsLearner(true, true)).toBe(false);
    expect(canReviewAsLearner(false, false)).toBe(false);
  });

  it('refunds paid courses within 7 days while under 30% done', () => {
    const joinedAt = new Date('2026-11-01T00:00:00Z');
    const e = { status: 'active' as const, amountFen: 9900, joinedAt };
    const day = 86_400_000;
    expect(refundableUntil(e, 0, new Date(joinedAt.getTime() + day))?.toISOString()).toBe(
      '2026-11-08T00:00:00.000Z',
    );
    expect(refundableUntil(e, 29, new Date(joinedAt.getTime() + 6 * day))).not.toBeNull();
    expect(refundableUntil(e, 30, new Date(joinedAt.getTime() + day))).toBeNull();
    expect(refundableUntil(e, 0, new Date(joinedAt.getTime() + 7 * day))).toBeNull();
    expect(refundableUntil({ ...e, amountFen: 0 }, 0, joinedAt)).toBeNull();
    expect(refundableUntil({ ...e, status: 'refunded' }, 0, joinedAt)).toBeNull();
  });

  it('counts watched time only as fast as the clock allows; done at 90%', () => {
    const video = { kind: 'video' as const, durationSec: 100 };
    // Seeking to 99 s after 1 s of wall time is not 99 s of watching.
    const seek = applyProgress(null, { positionSec: 99, watchedSec: 99, read: false }, video, 1);
    expect(seek).toEqual({ positionSec: 99, watchedSec: 4, done: false });
    let s = applyProgress(null, { positionSec: 5, watchedSec: 5, read: false }, video, 5);
    expect(s).toEqual({ positionSec: 5, watchedSec: 5, done: false });
    for (let i = 0; i < 16; i++)
      s = applyProgress(s, { positionSec: s.positionSec + 5, watchedSec: 5, read: false }, video, 5);
    expect(s.watchedSec).toBe(85);
    expect(s.done).toBe(false);
    s = applyProgress(s, { positionSec: 90, watchedSec: 5, read: false }, video, 5);
    expect(s).toEqual({ positionSec: 90, watchedSec: 90, done: true });
    // Done stays done, watching again from the start.
    expect(applyProgress(s, { positionSec: 3, watchedSec: 3, read: false }, video, 5).done).toBe(true);
    // Never past the lesson's end.
    expect(applyProgress(null, { positionSec: 500, watchedSec: 0, read: false }, video, 5).positionSec).toBe(
      100,
    );
  });

  it('marks a text lesson done when read to its end', () => {
    const text = { kind: 'text' as const, durationSec: 0 };
    expect(applyProgress(null, { positionSec: 0, watchedSec: 0, read: false }, text, 5).done).toBe(false);
    expect(applyProgress(null, { positionSec: 0, watchedSec: 0, read: true }, text, 5).done).toBe(true);
  });

  it('computes whole percents', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(3, 3)).toBe(100);
    expect(progressPercent(0, 0)).toBe(0);
  });
});
