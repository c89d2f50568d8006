import type { SendCodeBody } from '@psy/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface SendCodeResult {
  /** Seconds until another code may be sent to this phone. */
  resendAfter: number;
  /** Seconds the code stays valid. */
  expiresIn: number;
}

/** type 'login' for SMS login, 'reset' for resetting or changing the password. */
export function sendCode(body: SendCodeBody): Promise<SendCodeResult> {
  return api.post<SendCodeResult>('/api/login/send', body, { credentialCheck: true });
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
