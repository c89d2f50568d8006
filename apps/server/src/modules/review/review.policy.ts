import { isAuditor, type Actor } from '../../lib/actor';

/** The audit inbox (every kind of request) is the auditors' and admins'. */
export const canSeeInbox = (actor: Actor): boolean => isAuditor(actor);

/** Content (scales, later courses and tweets) is reviewed by auditors and admins only. */
export const canReviewContent = (actor: Actor): boolean => isAuditor(actor);
