import type { ResetPasswordBody } from '@psy/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Forgotten password: proven by an SMS code of type 'reset'; no session needed. */
export function resetPassword(body: ResetPasswordBody): Promise<null> {
  return api.post<null>('/api/login/reset', body, { credentialCheck: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
