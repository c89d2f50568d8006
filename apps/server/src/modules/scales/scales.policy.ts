import { isAuditor, type Actor } from '../../lib/actor';

interface Authored {
  authorId: number | null;
}

/** The draft (and scoring it in the preview) is the author's and the reviewers'. */
export const canSeeDraft = (actor: Actor, s: Authored): boolean =>
  s.authorId === actor.userId || isAuditor(actor);

/** Only the author edits and submits a scale; built-ins (no author) are nobody's to edit. */
export const canEditScale = (actor: Actor, s: Authored): boolean =>
  s.authorId !== null && s.authorId === actor.userId;

/** Approving or rejecting a submitted scale. */
export const canReviewScale = (actor: Actor): boolean => isAuditor(actor);

/** Taking any scale, built-ins included, off the public list and back. */
export const canSetOnline = (actor: Actor): boolean => actor.role === 'admin';
