import { describe, expect, it } from 'vitest';
import { isOwnPhone } from './auth.policy';

describe('auth policy', () => {
  it('a password is changed only with a code for the caller’s own phone', () => {
    expect(isOwnPhone({ telephone: '13800000001' }, '13800000001')).toBe(true);
    expect(isOwnPhone({ telephone: '13800000001' }, '13800000002')).toBe(false);
  });
});
