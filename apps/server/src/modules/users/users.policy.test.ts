import { describe, expect, it } from 'vitest';
import { canListUsers, userListScope } from './users.policy';

const as = (role: 'user' | 'expert' | 'auditor' | 'admin', userId = 7) => ({ userId, role });

describe('users policy', () => {
  it('auditors and admins list everyone, experts their institution, users nobody', () => {
    expect(userListScope(as('admin'))).toBe('all');
    expect(userListScope(as('auditor'))).toBe('all');
    expect(userListScope(as('expert'))).toBe('own-institution');
    expect(userListScope(as('user'))).toBeNull();
    expect(canListUsers(as('user'))).toBe(false);
    expect(canListUsers(as('expert'))).toBe(true);
  });
});
