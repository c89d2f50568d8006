import { describe, expect, it } from 'vitest';
import {
  canAccept,
  canDecline,
  canEnd,
  canInvite,
  canPost,
  canSeeCooperation,
  canWithdraw,
  grantOf,
  inviteeProblem,
  type CooperationFacts,
} from './cooperations.policy';
import {
  auditor,
  expert as inviter,
  secondExpert as invitee,
  thirdExpert as otherExpert,
  person,
} from '../../lib/test-actors';

const c = (
  status: CooperationFacts['status'],
  scope: CooperationFacts['scope'] = 'record_read',
): CooperationFacts => ({ userId: 30, inviterId: 7, inviteeId: 8, status, scope });

const statuses = ['invited', 'accepted', 'declined', 'withdrawn', 'ended'] as const;

describe('cooperation policy', () => {
  it('shows a cooperation to its two experts only', () => {
    for (const s of statuses) {
      expect(canSeeCooperation(inviter, c(s))).toBe(true);
      expect(canSeeCooperation(invitee, c(s))).toBe(true);
      expect(canSeeCooperation(otherExpert, c(s))).toBe(false);
      expect(canSeeCooperation(person, c(s))).toBe(false);
      expect(canSeeCooperation(auditor, c(s))).toBe(false);
    }
    // An id alone is not enough: the account must be an expert.
    expect(canSeeCooperation({ userId: 8, role: 'user' }, c('accepted'))).toBe(false);
  });

  it('lets the invited expert answer while the invitation waits, nobody else', () => {
    expect(canAccept(invitee, c('invited'))).toBe(true);
    expect(canDecline(invitee, c('invited'))).toBe(true);
    for (const s of ['accepted', 'declined', 'withdrawn', 'ended'] as const) {
      expect(canAccept(invitee, c(s))).toBe(false);
      expect(canDecline(invitee, c(s))).toBe(false);
    }
    expect(canAccept(inviter, c('invited'))).toBe(false);
    expect(canDecline(otherExpert, c('invited'))).toBe(false);
  });

  it('lets the inviter withdraw only an unanswered invitation', () => {
    expect(canWithdraw(inviter, c('invited'))).toBe(true);
    for (const s of ['accepted', 'declined', 'withdrawn', 'ended'] as const)
      expect(canWithdraw(inviter, c(s))).toBe(false);
    expect(canWithdraw(invitee, c('invited'))).toBe(false);
  });

  it('lets either expert end an accepted cooperation, and talk while it is active', () => {
    expect(canEnd(inviter, c('accepted'))).toBe(true);
    expect(canEnd(invitee, c('accepted'))).toBe(true);
    expect(canEnd(otherExpert, c('accepted'))).toBe(false);
    for (const s of ['invited', 'declined', 'withdrawn', 'ended'] as const)
      expect(canEnd(inviter, c(s))).toBe(false);
    expect(canPost(inviter, c('invited'))).toBe(true);
    expect(canPost(invitee, c('accepted'))).toBe(true);
    for (const s of ['declined', 'withdrawn', 'ended'] as const) expect(canPost(invitee, c(s))).toBe(false);
    expect(canPost(otherExpert, c('accepted'))).toBe(false);
  });

  it('lets only an expert who serves the person invite, another active expert', () => {
    expect(canInvite(inviter, true)).toBe(true);
    expect(canInvite(inviter, false)).toBe(false);
    expect(canInvite(person, true)).toBe(false);
    expect(inviteeProblem(inviter, { id: 8, role: 'expert', status: 'active' })).toBeNull();
    expect(inviteeProblem(inviter, { id: 7, role: 'expert', status: 'active' })).toBe(
      '不能邀请自己，请选择其他专家',
    );
    expect(inviteeProblem(inviter, { id: 8, role: 'expert', status: 'disabled' })).toBe(
      '受邀专家不存在或已停用',
    );
    expect(inviteeProblem(inviter, { id: 30, role: 'user', status: 'active' })).toBe(
      '受邀专家不存在或已停用',
    );
    expect(inviteeProblem(inviter, { id: 2, role: 'auditor', status: 'active' })).toBe(
      '受邀专家不存在或已停用',
    );
    expect(inviteeProblem(inviter, undefined)).toBe('受邀专家不存在或已停用');
  });

  it('grants the invited expert the record while accepted, and the warnings when the scope says so', () => {
    expect(grantOf(c('accepted'), 8)).toEqual({ read: true, followUpWarnings: false });
    expect(grantOf(c('accepted', 'record_and_warnings'), 8)).toEqual({ read: true, followUpWarnings: true });
    for (const s of ['invited', 'declined', 'withdrawn', 'ended'] as const)
      expect(grantOf(c(s), 8)).toBeNull();
    // The inviter's access comes from serving the person, not from the cooperation.
    expect(grantOf(c('accepted'), 7)).toBeNull();
    expect(grantOf(c('accepted'), 9)).toBeNull();
  });
});
