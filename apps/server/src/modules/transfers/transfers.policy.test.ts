import { describe, expect, it } from 'vitest';
import {
  canConfirm,
  canDecline,
  canPropose,
  canReviewTransfer,
  canSeeTransfer,
  canWithdraw,
  receiverProblem,
  type TransferFacts,
} from './transfers.policy';
import {
  admin,
  auditor,
  expert as proposer,
  secondExpert as receiver,
  thirdExpert as otherExpert,
  person,
  stranger,
} from '../../lib/test-actors';

const t = (status: TransferFacts['status'], confirmed = status !== 'requested'): TransferFacts => ({
  userId: 30,
  fromExpertId: 7,
  toExpertId: 8,
  status,
  confirmedAt: confirmed ? new Date('2026-11-20T02:00:00Z') : null,
});

describe('transfer policy', () => {
  it('shows a transfer to the person, the proposer and the auditors; to the receiver once the person agreed', () => {
    expect(canSeeTransfer(person, t('requested'), 'person')).toBe(true);
    expect(canSeeTransfer(proposer, t('requested'), 'expert')).toBe(true);
    expect(canSeeTransfer(auditor, t('requested'), 'auditor')).toBe(true);
    expect(canSeeTransfer(admin, t('approved'), 'auditor')).toBe(true);
    expect(canSeeTransfer(receiver, t('requested'), 'expert')).toBe(false);
    expect(canSeeTransfer(receiver, t('declined_by_user', false), 'expert')).toBe(false);
    expect(canSeeTransfer(receiver, t('user_confirmed'), 'expert')).toBe(true);
    expect(canSeeTransfer(receiver, t('approved'), 'expert')).toBe(true);
    // Withdrawn after the person agreed: the receiver had seen it, and still may.
    expect(canSeeTransfer(receiver, t('withdrawn', true), 'expert')).toBe(true);
    expect(canSeeTransfer(otherExpert, t('approved'), 'expert')).toBe(false);
    expect(canSeeTransfer(stranger, t('requested'), 'person')).toBe(false);
  });

  it('answers each side only from its own place', () => {
    // The proposer is not the person; the person is not an auditor; an expert is no auditor.
    expect(canSeeTransfer(proposer, t('requested'), 'person')).toBe(false);
    expect(canSeeTransfer(person, t('requested'), 'expert')).toBe(false);
    expect(canSeeTransfer(person, t('requested'), 'auditor')).toBe(false);
    expect(canSeeTransfer(proposer, t('user_confirmed'), 'auditor')).toBe(false);
    expect(canSeeTransfer(auditor, t('user_confirmed'), 'expert')).toBe(false);
  });

  it('lets only the person confirm, and only while it waits for them', () => {
    expect(canConfirm(person, t('requested'))).toBe(true);
    expect(canConfirm(stranger, t('requested'))).toBe(false);
    expect(canConfirm(proposer, t('requested'))).toBe(false);
    for (const s of ['user_confirmed', 'approved', 'rejected', 'declined_by_user', 'withdrawn'] as const)
      expect(canConfirm(person, t(s))).toBe(false);
  });

  it('lets the person say no until the auditors decide', () => {
    expect(canDecline(person, t('requested'))).toBe(true);
    expect(canDecline(person, t('user_confirmed'))).toBe(true);
    for (const s of ['approved', 'rejected', 'declined_by_user', 'withdrawn'] as const)
      expect(canDecline(person, t(s))).toBe(false);
    expect(canDecline(proposer, t('requested'))).toBe(false);
  });

  it('lets the proposer withdraw until the auditors decide, nobody else', () => {
    expect(canWithdraw(proposer, t('requested'))).toBe(true);
    expect(canWithdraw(proposer, t('user_confirmed'))).toBe(true);
    expect(canWithdraw(proposer, t('approved'))).toBe(false);
    expect(canWithdraw(proposer, t('rejected'))).toBe(false);
    expect(canWithdraw(receiver, t('requested'))).toBe(false);
    expect(canWithdraw(person, t('requested'))).toBe(false);
    expect(canWithdraw(auditor, t('requested'))).toBe(false);
  });

  it('lets an auditor decide only after the person agreed', () => {
    expect(canReviewTransfer(auditor, t('requested'))).toBe(false);
    expect(canReviewTransfer(auditor, t('user_confirmed'))).toBe(true);
    expect(canReviewTransfer(admin, t('user_confirmed'))).toBe(true);
    expect(canReviewTransfer(auditor, t('approved'))).toBe(false);
    expect(canReviewTransfer(proposer, t('user_confirmed'))).toBe(false);
  });

  it('lets only an expert who follows the person up propose, to another active expert', () => {
    expect(canPropose(proposer, true)).toBe(true);
    expect(canPropose(proposer, false)).toBe(false);
    expect(canPropose(person, true)).toBe(false);
    expect(receiverProblem(proposer, { id: 8, role: 'expert', status: 'active' })).toBeNull();
    expect(receiverProblem(proposer, { id: 7, role: 'expert', status: 'active' })).toBe(
      '不能转介给自己，请选择其他专家',
    );
    expect(receiverProblem(proposer, { id: 8, role: 'expert', status: 'disabled' })).toBe(
      '接收专家不存在或已停用',
    );
    expect(receiverProblem(proposer, { id: 30, role: 'user', status: 'active' })).toBe(
      '接收专家不存在或已停用',
    );
    expect(receiverProblem(proposer, undefined)).toBe('接收专家不存在或已停用');
  });
});
