import { describe, expect, it } from 'vitest';
import {
  canEditFeedback,
  canHandleFeedback,
  canSeeFeedback,
  leaveProblem,
  publicName,
  type FeedbackFacts,
  type SubjectFacts,
} from './feedback.policy';
import { admin, auditor, expert, secondExpert as otherExpert, person, stranger } from '../../lib/test-actors';

const subject = (over: Partial<SubjectFacts> = {}): SubjectFacts => ({
  ownerId: 30,
  expertId: 7,
  ready: true,
  ...over,
});
const f = (status: FeedbackFacts['status']): FeedbackFacts => ({ userId: 30, expertId: 7, status });

describe('feedback policy', () => {
  it('lets only the owner of a ready object leave feedback, for another expert', () => {
    expect(leaveProblem(person, subject())).toBeNull();
    expect(leaveProblem(person, undefined)).toBe('missing');
    expect(leaveProblem(stranger, subject())).toBe('not_owner');
    expect(leaveProblem(expert, subject())).toBe('not_owner');
    // A learner without an enrolment owns nothing.
    expect(leaveProblem(person, subject({ ownerId: null }))).toBe('not_owner');
    expect(leaveProblem(person, subject({ ready: false }))).toBe('not_ready');
    expect(leaveProblem(person, subject({ expertId: null }))).toBe('no_expert');
    // An expert who bought their own course gives themselves no feedback.
    expect(leaveProblem(expert, subject({ ownerId: 7 }))).toBe('own');
    // Owner first: a stranger never learns the state of someone else's booking.
    expect(leaveProblem(stranger, subject({ ready: false }))).toBe('not_owner');
  });

  it('shows feedback to its writer, the expert it is addressed to, and auditors, each from their own place', () => {
    expect(canSeeFeedback(person, f('open'), 'user')).toBe(true);
    expect(canSeeFeedback(stranger, f('open'), 'user')).toBe(false);
    expect(canSeeFeedback(expert, f('open'), 'expert')).toBe(true);
    expect(canSeeFeedback(expert, f('handled'), 'expert')).toBe(true);
    expect(canSeeFeedback(otherExpert, f('open'), 'expert')).toBe(false);
    expect(canSeeFeedback(auditor, f('open'), 'auditor')).toBe(true);
    expect(canSeeFeedback(admin, f('handled'), 'auditor')).toBe(true);
    // Wrong places: the writer is no expert, the expert no auditor, the auditor not the addressee.
    expect(canSeeFeedback(person, f('open'), 'expert')).toBe(false);
    expect(canSeeFeedback({ userId: 30, role: 'expert' }, f('open'), 'expert')).toBe(false);
    expect(canSeeFeedback(expert, f('open'), 'auditor')).toBe(false);
    expect(canSeeFeedback(auditor, f('open'), 'expert')).toBe(false);
    expect(canSeeFeedback(expert, f('open'), 'user')).toBe(false);
  });

  it('lets the writer edit until it is handled', () => {
    expect(canEditFeedback(person, f('open'))).toBe(true);
    expect(canEditFeedback(person, f('handled'))).toBe(false);
    expect(canEditFeedback(stranger, f('open'))).toBe(false);
    expect(canEditFeedback(expert, f('open'))).toBe(false);
  });

  it('lets only the expert addressed handle it, once', () => {
    expect(canHandleFeedback(expert, f('open'))).toBe(true);
    expect(canHandleFeedback(expert, f('handled'))).toBe(false);
    expect(canHandleFeedback(otherExpert, f('open'))).toBe(false);
    expect(canHandleFeedback(person, f('open'))).toBe(false);
    expect(canHandleFeedback(auditor, f('open'))).toBe(false);
    // The id alone is not enough: the account must be an expert's.
    expect(canHandleFeedback({ userId: 7, role: 'user' }, f('open'))).toBe(false);
  });

  it('names the writer to other users as 匿名用户 or a masked name', () => {
    expect(publicName('张小雨', false)).toBe('张**');
    expect(publicName('欧阳', false)).toBe('欧*');
    expect(publicName('张小雨', true)).toBe('匿名用户');
    expect(publicName('  ', false)).toBe('匿名用户');
  });
});
