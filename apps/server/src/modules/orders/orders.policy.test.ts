import { describe, expect, it } from 'vitest';
import { canSeeOrder } from './orders.policy';

describe('orders policy', () => {
  it('an order is seen by its payer only, whatever the caller’s role', () => {
    expect(canSeeOrder({ userId: 3, role: 'user' }, { userId: 3 })).toBe(true);
    expect(canSeeOrder({ userId: 4, role: 'admin' }, { userId: 3 })).toBe(false);
    expect(canSeeOrder({ userId: 5, role: 'expert' }, { userId: 3 })).toBe(false);
  });
});
