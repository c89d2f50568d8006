import type { Actor } from '../auth';

/**
 * Whose accounts a caller may list: auditors and admins everyone; an expert the ordinary
 * users of their own institution; anyone else nobody.
 */
export type UserListScope = 'all' | 'own-institution' | null;

export function userListScope(actor: Actor): UserListScope {
  switch (actor.role) {
    case 'auditor':
    case 'admin':
      return 'all';
    case 'expert':
      return 'own-institution';
    default:
      return null;
  }
}

export const canListUsers = (actor: Actor): boolean => userListScope(actor) !== null;
