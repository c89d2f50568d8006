import type { CooperationScope, CooperationStatus } from '@psy/contracts';
import type { Actor } from '../../lib/actor';

export interface CooperationFacts {
  userId: number;
  inviterId: number;
  inviteeId: number;
  status: CooperationStatus;
  scope: CooperationScope;
}

/** Invited and not answered yet, or accepted and not ended. */
export const isActive = (c: Pick<CooperationFacts, 'status'>): boolean =>
  c.status === 'invited' || c.status === 'accepted';

export const isInviter = (actor: Actor, c: Pick<CooperationFacts, 'inviterId'>): boolean =>
  actor.role === 'expert' && actor.userId === c.inviterId;

export const isInvitee = (actor: Actor, c: Pick<CooperationFacts, 'inviteeId'>): boolean =>
  actor.role === 'expert' && actor.userId === c.inviteeId;

/** A cooperation is read by its two experts only; anyone else (the person, auditors) gets 404. */
export const canSeeCooperation = (actor: Actor, c: CooperationFacts): boolean =>
  isInviter(actor, c) || isInvitee(actor, c);

/** The invited expert answers while the invitation waits. */
export const canAccept = (actor: Actor, c: CooperationFacts): boolean =>
  isInvitee(actor, c) && c.status === 'invited';
export const canDecline = canAccept;

/** The inviter takes an invitation back before it is answered. */
export const canWithdraw = (actor: Actor, c: CooperationFacts): boolean =>
  isInviter(actor, c) && c.status === 'invited';

/** Either expert ends an accepted cooperation. */
export const canEnd = (actor: Actor, c: CooperationFacts): boolean =>
  canSeeCooperation(actor, c) && c.status === 'accepted';

/** The two experts discuss the case while the cooperation is active; afterwards the thread is read-only. */
export const canPost = (actor: Actor, c: CooperationFacts): boolean =>
  canSeeCooperation(actor, c) && isActive(c);

/** Only an expert who serves the person now (their assigned expert) may invite onto their case. */
export const canInvite = (actor: Actor, serves: boolean): boolean => actor.role === 'expert' && serves;

/** Why this account cannot be invited by the caller, or null when it can. */
export function inviteeProblem(
  actor: Actor,
  invitee: { id: number; role: string; status: string } | undefined,
): string | null {
  if (!invitee || invitee.role !== 'expert' || invitee.status !== 'active') return '受邀专家不存在或已停用';
  if (invitee.id === actor.userId) return '不能邀请自己，请选择其他专家';
  return null;
}

/**
 * What a cooperation lets `expertId` do with the person's record: the invited expert of an
 * accepted cooperation reads it, and follows up warnings when the scope says so. The inviter's
 * own access comes from serving the person, not from the cooperation.
 */
export function grantOf(
  c: CooperationFacts,
  expertId: number,
): { read: true; followUpWarnings: boolean } | null {
  if (c.status !== 'accepted' || c.inviteeId !== expertId) return null;
  return { read: true, followUpWarnings: c.scope === 'record_and_warnings' };
}
