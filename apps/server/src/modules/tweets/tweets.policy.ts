import type { TweetStatus, TweetVisibility } from '@psy/contracts';
import { isAuditor, type Actor } from '../../lib/actor';

interface Tweet {
  expertId: number;
  status: TweetStatus;
  visibility: TweetVisibility;
}

/** Only the expert who wrote a tweet sees it before it is published, edits and deletes it. */
export const isTweetAuthor = (actor: Actor, t: Pick<Tweet, 'expertId'>): boolean =>
  actor.role === 'expert' && actor.userId === t.expertId;

/** Drafts and rejected tweets are edited and submitted; one under review or published is not. */
export const canEditTweet = (actor: Actor, t: Tweet): boolean =>
  isTweetAuthor(actor, t) && (t.status === 'draft' || t.status === 'rejected');

/** A published tweet may be withdrawn (back to draft) by its author. */
export const canWithdrawTweet = (actor: Actor, t: Tweet): boolean =>
  isTweetAuthor(actor, t) && t.status === 'published';

/** Deleting: the author, unless it is under review (the auditor is looking at it). */
export const canDeleteTweet = (actor: Actor, t: Tweet): boolean =>
  isTweetAuthor(actor, t) && t.status !== 'pending';

export const canReviewTweet = (actor: Actor): boolean => isAuditor(actor);

/**
 * Who reads a tweet: the public a published one for everyone, signed-in accounts one for
 * signed-in users; the author always; auditors those submitted to them (anything not a draft).
 */
export function canSeeTweet(actor: Actor | null, t: Tweet): boolean {
  if (t.status === 'published') return t.visibility === 'public' || actor !== null;
  if (!actor) return false;
  if (isTweetAuthor(actor, t)) return true;
  return isAuditor(actor) && t.status !== 'draft';
}

/** Reading one published tweet by its number (a search hit's link): as the feeds show it. */
export const canReadTweet = (actor: Actor | null, t: Tweet): boolean =>
  t.status === 'published' && canSeeTweet(actor, t);

/** Liking: any signed-in account, on a tweet it may see that is published. */
export const canLikeTweet = (actor: Actor, t: Tweet): boolean => canReadTweet(actor, t);
