import type { LoginBody, LoginResult, SmsLoginBody } from '@psy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { login } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { userInfoQuery } from './user-info';

// A 401 from these means wrong credentials, not an expired session (see RequestOptions).
export function passwordLogin(body: LoginBody): Promise<LoginResult> {
  return api.post<LoginResult>('/api/login/login', body, { credentialCheck: true });
}

/** The first SMS login of a new number creates the account. */
export function smsLogin(body: SmsLoginBody): Promise<LoginResult> {
  return api.post<LoginResult>('/api/login/sms', body, { credentialCheck: true });
}

function useSignIn<B>(fn: (body: B) => Promise<LoginResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Here, not in the page: signing in replaces the login page, whose callbacks then never run.
    onSuccess: (result) => {
      toast.success('登录成功');
      login(result);
      qc.setQueryData(userInfoQuery.queryKey, result.userinfo);
    },
  });
}

export function useLogin() {
  return useSignIn(passwordLogin);
}

export function useSmsLogin() {
  return useSignIn(smsLogin);
}
