import { describe, expect, it } from 'vitest';
import { approvalScope, canApproveReport, canReadReport } from './reports.policy';
import { auditor, expert, person as user } from '../../lib/test-actors';

describe('report policy', () => {
  it('lets only the owner read the full report', () => {
    expect(canReadReport(user, { userId: 30 })).toBe(true);
    expect(canReadReport({ userId: 31, role: 'user' }, { userId: 30 })).toBe(false);
    expect(canReadReport(auditor, { userId: 30 })).toBe(false);
  });

  it('lets the assigned expert and the auditors approve, nobody else', () => {
    expect(canApproveReport(expert, { expertId: 7 })).toBe(true);
    expect(canApproveReport(expert, { expertId: 9 })).toBe(false);
    expect(canApproveReport(expert, { expertId: null })).toBe(false);
    expect(canApproveReport(auditor, { expertId: 9 })).toBe(true);
    expect(canApproveReport({ userId: 1, role: 'admin' }, { expertId: null })).toBe(true);
  });

  it('scopes an expert’s approval list to their own people', () => {
    expect(approvalScope(expert)).toBe(7);
    expect(approvalScope(auditor)).toBeUndefined();
  });
});
