import type { NewsStatus } from '@psy/contracts';
import { isAuditor, type Actor } from '../../lib/actor';

interface Article {
  state: 'draft' | 'published' | 'offline';
  publishAt: Date | null;
}

/** Auditors and admins write, publish, pin and take down articles. */
export const canManageNews = (actor: Actor): boolean => isAuditor(actor);

/** The public sees an article once it is published and its publish time has come. */
export const isNewsVisible = (a: Article, now: Date): boolean =>
  a.state === 'published' && a.publishAt !== null && a.publishAt.getTime() <= now.getTime();

/** What staff see: a published article whose time is still ahead is scheduled. */
export function newsStatus(a: Article, now: Date): NewsStatus {
  if (a.state === 'published') return isNewsVisible(a, now) ? 'published' : 'scheduled';
  return a.state;
}

/**
 * Publishing (now or at a later time) is allowed from a draft, an offline article, or a
 * scheduled one (to move its time); an article already public stays as it is.
 */
export const canPublish = (a: Article, now: Date): boolean => newsStatus(a, now) !== 'published';

/** Taking down: a public or scheduled article. */
export const canTakeOffline = (a: Article): boolean => a.state === 'published';
