import { describe, expect, it } from 'vitest';
import { canEditScale, canReviewScale, canSeeDraft, canSetOnline } from './scales.policy';
import { admin, auditor, expert, secondExpert as other } from '../../lib/test-actors';

describe('scale policy', () => {
  it('shows a draft to its author and the reviewers only', () => {
    expect(canSeeDraft(expert, { authorId: 7 })).toBe(true);
    expect(canSeeDraft(other, { authorId: 7 })).toBe(false);
    expect(canSeeDraft(auditor, { authorId: 7 })).toBe(true);
    expect(canSeeDraft(admin, { authorId: null })).toBe(true);
  });

  it('lets only the author edit, never a built-in', () => {
    expect(canEditScale(expert, { authorId: 7 })).toBe(true);
    expect(canEditScale(other, { authorId: 7 })).toBe(false);
    expect(canEditScale(auditor, { authorId: 7 })).toBe(false);
    expect(canEditScale(admin, { authorId: null })).toBe(false);
  });

  it('leaves review to auditors and admins, and going online to admins', () => {
    expect(canReviewScale(auditor)).toBe(true);
    expect(canReviewScale(expert)).toBe(false);
    expect(canSetOnline(admin)).toBe(true);
    expect(canSetOnline(auditor)).toBe(false);
  });
});
