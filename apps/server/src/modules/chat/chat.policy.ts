import type { Actor } from '../auth';

/** A chat exists only for its two participants; to anyone else it does not exist. */
export const isParticipant = (actor: Actor, chat: { userLowId: number; userHighId: number }): boolean =>
  chat.userLowId === actor.userId || chat.userHighId === actor.userId;

/**
 * Online consultation: a chat is begun with an active account other than oneself, and one
 * side must be an expert. Answers why not, or null when it may.
 */
export function whyNotBeginChat(
  actor: Actor,
  peer: { id: number; role: Actor['role']; status: 'active' | 'disabled' } | undefined,
): 'self' | 'no-peer' | 'no-expert' | null {
  if (peer?.id === actor.userId) return 'self';
  if (!peer || peer.status !== 'active') return 'no-peer';
  if (peer.role !== 'expert' && actor.role !== 'expert') return 'no-expert';
  return null;
}

/** An image message may only send an image its sender uploaded. */
export const canSendImage = (actor: Actor, image: { uploaderId: number }): boolean =>
  image.uploaderId === actor.userId;
