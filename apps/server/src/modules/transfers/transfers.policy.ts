import type { TransferStatus } from '@psy/contracts';
import { isAuditor, type Actor } from '../../lib/actor';

export interface TransferFacts {
  userId: number;
  fromExpertId: number;
  toExpertId: number;
  status: TransferStatus;
  confirmedAt: Date | null;
}

/** Still open: the person has not answered yet, or the auditors have not decided. */
export const isOpen = (t: Pick<TransferFacts, 'status'>): boolean =>
  t.status === 'requested' || t.status === 'user_confirmed';

export const isPerson = (actor: Actor, t: Pick<TransferFacts, 'userId'>): boolean =>
  actor.userId === t.userId;

export const isProposer = (actor: Actor, t: Pick<TransferFacts, 'fromExpertId'>): boolean =>
  actor.role === 'expert' && actor.userId === t.fromExpertId;

export const isReceiver = (actor: Actor, t: Pick<TransferFacts, 'toExpertId'>): boolean =>
  actor.role === 'expert' && actor.userId === t.toExpertId;

/** Which side a transfer is read from: the person's centre, the expert workbench, the audit workbench. */
export type TransferView = 'person' | 'expert' | 'auditor';

/**
 * Who reads a transfer: the person (their centre), the proposer, the receiver only once the
 * person has agreed (before that, what is said about them is not the receiver's to read), and
 * the auditors (their workbench). Anyone else gets 404.
 */
export function canSeeTransfer(actor: Actor, t: TransferFacts, view: TransferView): boolean {
  if (view === 'person') return isPerson(actor, t);
  if (view === 'auditor') return isAuditor(actor);
  return isProposer(actor, t) || (isReceiver(actor, t) && t.confirmedAt !== null);
}

/** The person agrees while the transfer waits for them. */
export const canConfirm = (actor: Actor, t: TransferFacts): boolean =>
  isPerson(actor, t) && t.status === 'requested';

/** The person may say no until the auditors have decided, having agreed or not. */
export const canDecline = (actor: Actor, t: TransferFacts): boolean => isPerson(actor, t) && isOpen(t);

/** The proposer takes it back until the auditors have decided. */
export const canWithdraw = (actor: Actor, t: TransferFacts): boolean => isProposer(actor, t) && isOpen(t);

/** An auditor decides only once the person has agreed. */
export const canReviewTransfer = (actor: Actor, t: Pick<TransferFacts, 'status'>): boolean =>
  isAuditor(actor) && t.status === 'user_confirmed';

/** Only an expert who follows the person up now may propose moving them. */
export const canPropose = (actor: Actor, serves: boolean): boolean => actor.role === 'expert' && serves;

/** Why this account cannot receive the caller's transfer, or null when it can. */
export function receiverProblem(
  actor: Actor,
  receiver: { id: number; role: string; status: string } | undefined,
): string | null {
  if (!receiver || receiver.role !== 'expert' || receiver.status !== 'active')
    return '接收专家不存在或已停用';
  if (receiver.id === actor.userId) return '不能转介给自己，请选择其他专家';
  return null;
}
