import type { Actor } from '../auth';

/** Which database and version run here helps an attacker: only administrators see it. */
export const canSeeServerDetails = (actor: Actor | null): boolean => actor?.role === 'admin';
