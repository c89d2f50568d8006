import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { logout } from '../../../lib/session';

/**
 * Revokes the token on the server, then forgets it here whatever the answer: a user who
 * asked to sign out must end up signed out even when offline or already expired.
 */
export function revokeSession(): Promise<null> {
  return api.post<null>('/api/login/logout', undefined, { silent: true, credentialCheck: true });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => revokeSession().catch(() => null),
    onSettled: () => logout(),
  });
}
