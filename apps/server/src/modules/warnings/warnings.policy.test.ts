import { describe, expect, it } from 'vitest';
import { canHandleWarning, warningScope } from './warnings.policy';
import { auditor, expert } from '../../lib/test-actors';

describe('warning policy', () => {
  it('lets the assigned expert and the auditors handle a warning, nobody else', () => {
    expect(canHandleWarning(expert, { expertId: 7 })).toBe(true);
    expect(canHandleWarning(expert, { expertId: 8 })).toBe(false);
    expect(canHandleWarning(expert, { expertId: null })).toBe(false);
    expect(canHandleWarning(auditor, { expertId: null })).toBe(true);
    expect(canHandleWarning({ userId: 1, role: 'admin' }, { expertId: 8 })).toBe(true);
  });

  it('lets an expert brought onto the case with the warnings in scope follow up, only an expert', () => {
    expect(canHandleWarning(expert, { expertId: 8 }, true)).toBe(true);
    expect(canHandleWarning(expert, { expertId: null }, true)).toBe(true);
    expect(canHandleWarning({ userId: 30, role: 'user' }, { expertId: 8 }, true)).toBe(false);
  });

  it('scopes an expert to their own warnings and auditors to all', () => {
    expect(warningScope(expert)).toBe(7);
    expect(warningScope(auditor)).toBeUndefined();
  });
});
