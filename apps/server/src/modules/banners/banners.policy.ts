import { BANNERS_MAX } from '@psy/contracts';
import { isAuditor, type Actor } from '../../lib/actor';

/** Auditors and admins manage the home carousel. */
export const canManageBanners = (actor: Actor): boolean => isAuditor(actor);

/** One more banner fits while fewer than `BANNERS_MAX` exist. */
export const canAddBanner = (existing: number): boolean => existing < BANNERS_MAX;
