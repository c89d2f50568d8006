import { describe, expect, it } from 'vitest';
import { canSeeServerDetails } from './health.policy';

describe('health policy', () => {
  it('shows database kind and version to administrators only', () => {
    expect(canSeeServerDetails({ userId: 1, role: 'admin' })).toBe(true);
    for (const role of ['user', 'expert', 'auditor'] as const)
      expect(canSeeServerDetails({ userId: 1, role })).toBe(false);
    expect(canSeeServerDetails(null)).toBe(false);
  });
});
