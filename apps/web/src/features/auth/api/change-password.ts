import type { ResetPasswordBody } from '@psy/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { logout } from '../../../lib/session';
import { toast } from '../../../lib/toast';

export const passwordChangedMessage = '密码已修改，请重新登录';

export function changePassword(body: ResetPasswordBody): Promise<null> {
  return api.post<null>('/api/userinfo/password', body);
}

/**
 * The server ends every session of the account when the password changes, so on success
 * the client signs out locally without calling /logout (its token is already dead).
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      toast.success(passwordChangedMessage);
      logout();
    },
  });
}
