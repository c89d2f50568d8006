import { describe, expect, it } from 'vitest';
import { canReadNotification } from './notifications.policy';

describe('notifications policy', () => {
  it('only the addressee reads a notification, whatever the caller’s role', () => {
    expect(canReadNotification({ userId: 5, role: 'user' }, { userId: 5 })).toBe(true);
    expect(canReadNotification({ userId: 1, role: 'admin' }, { userId: 5 })).toBe(false);
    expect(canReadNotification({ userId: 2, role: 'expert' }, { userId: 5 })).toBe(false);
  });
});
