import { describe, expect, it } from 'vitest';
import { canFollowUp, canTake, followUpScope } from './assessments.policy';
import { auditor, expert, person as user } from '../../lib/test-actors';

describe('assessment policy', () => {
  it('lets only the person take and read their own assessment', () => {
    expect(canTake(user, { userId: 30 })).toBe(true);
    expect(canTake(user, { userId: 31 })).toBe(false);
    expect(canTake(expert, { userId: 30 })).toBe(false);
  });

  it('opens follow-up to the assigned expert and the auditors only', () => {
    expect(canFollowUp(expert, { expertId: 7 })).toBe(true);
    expect(canFollowUp(expert, { expertId: 8 })).toBe(false);
    expect(canFollowUp(expert, { expertId: null })).toBe(false);
    expect(canFollowUp(auditor, { expertId: null })).toBe(true);
    expect(canFollowUp({ userId: 1, role: 'admin' }, { expertId: 8 })).toBe(true);
  });

  it('opens a person’s whole history to their assigned expert (after a transfer)', () => {
    expect(canFollowUp(expert, { expertId: 8 }, 7)).toBe(true);
    expect(canFollowUp(expert, { expertId: null }, 7)).toBe(true);
    // The expert who followed an assessment up keeps reading it; a stranger does not.
    expect(canFollowUp(expert, { expertId: 7 }, 8)).toBe(true);
    expect(canFollowUp(expert, { expertId: 9 }, 8)).toBe(false);
  });

  it('scopes an expert’s list to their own people', () => {
    expect(followUpScope(expert)).toBe(7);
    expect(followUpScope(auditor)).toBeUndefined();
  });
});
