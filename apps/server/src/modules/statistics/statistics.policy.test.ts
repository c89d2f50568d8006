import { describe, expect, it } from 'vitest';
import { allowedScopes, canSeeIdentities, liveScopes, resolveScope, scopeKey } from './statistics.policy';

const expert = { userId: 7, role: 'expert', institutionId: 3 };
const loneExpert = { userId: 8, role: 'expert', institutionId: null };
const auditor = { userId: 2, role: 'auditor', institutionId: 3 };
const admin = { userId: 1, role: 'admin', institutionId: null };
const user = { userId: 9, role: 'user', institutionId: 3 };

describe('statistics scope', () => {
  it('gives experts their own people and their institution, auditors and admins everything, users nothing', () => {
    expect(allowedScopes(expert)).toEqual(['mine', 'institution']);
    expect(allowedScopes(loneExpert)).toEqual(['mine']);
    expect(allowedScopes(auditor)).toEqual(['all']);
    expect(allowedScopes(admin)).toEqual(['all']);
    expect(allowedScopes(user)).toEqual([]);
  });

  it('resolves the asked scope only when allowed, with the caller’s own ids', () => {
    expect(resolveScope(expert)).toEqual({ kind: 'mine', expertId: 7 });
    expect(resolveScope(expert, 'institution')).toEqual({ kind: 'institution', institutionId: 3 });
    expect(resolveScope(expert, 'all')).toBeNull();
    expect(resolveScope(loneExpert, 'institution')).toBeNull();
    expect(resolveScope(auditor)).toEqual({ kind: 'all' });
    expect(resolveScope(auditor, 'mine')).toBeNull();
    expect(resolveScope(user)).toBeNull();
    expect(resolveScope(user, 'mine')).toBeNull();
  });

  it('keys the cache by scope', () => {
    expect(scopeKey({ kind: 'all' })).toBe('all');
    expect(scopeKey({ kind: 'mine', expertId: 7 })).toBe('mine:7');
    expect(scopeKey({ kind: 'institution', institutionId: 3 })).toBe('institution:3');
  });

  it('shows names and phones only to auditors and admins', () => {
    expect(canSeeIdentities(auditor)).toBe(true);
    expect(canSeeIdentities(admin)).toBe(true);
    expect(canSeeIdentities(expert)).toBe(false);
  });

  it('tells each recipient in which of their scopes a new warning counts', () => {
    const assignedHere = { expertId: 7, personInstitutionId: 3 };
    expect(liveScopes(expert, assignedHere)).toEqual(['mine', 'institution']);
    expect(liveScopes(expert, { expertId: 99, personInstitutionId: 3 })).toEqual(['institution']);
    expect(liveScopes(expert, { expertId: 7, personInstitutionId: 4 })).toEqual(['mine']);
    expect(liveScopes(expert, { expertId: 99, personInstitutionId: 4 })).toEqual([]);
    expect(liveScopes(loneExpert, { expertId: 99, personInstitutionId: null })).toEqual([]);
    expect(liveScopes(auditor, { expertId: null, personInstitutionId: null })).toEqual(['all']);
    expect(liveScopes(user, assignedHere)).toEqual([]);
  });
});
