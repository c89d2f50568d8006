import { describe, expect, it } from 'vitest';
import { canManageAvailability } from './availability.policy';

describe('availability policy', () => {
  it('an expert manages their own slots and templates only', () => {
    expect(canManageAvailability({ userId: 9, role: 'expert' }, { expertId: 9 })).toBe(true);
    expect(canManageAvailability({ userId: 8, role: 'expert' }, { expertId: 9 })).toBe(false);
  });

  it('no other role manages an expert’s time, not even an admin', () => {
    expect(canManageAvailability({ userId: 9, role: 'user' }, { expertId: 9 })).toBe(false);
    expect(canManageAvailability({ userId: 1, role: 'admin' }, { expertId: 9 })).toBe(false);
  });
});
