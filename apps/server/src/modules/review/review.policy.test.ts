import { describe, expect, it } from 'vitest';
import { canReviewContent, canSeeInbox } from './review.policy';

const as = (role: string) => ({ userId: 1, role });

describe('review policy', () => {
  it('opens the inbox and content review to auditors and admins only', () => {
    for (const p of [canSeeInbox, canReviewContent]) {
      expect(p(as('auditor'))).toBe(true);
      expect(p(as('admin'))).toBe(true);
      expect(p(as('expert'))).toBe(false);
      expect(p(as('user'))).toBe(false);
    }
  });
});
