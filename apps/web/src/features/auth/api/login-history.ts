import type { LoginHistoryItem } from '@psy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The caller's last 10 security events (logins, failures, password changes). */
export const loginHistoryQuery = queryOptions({
  queryKey: ['auth', 'login-history'],
  queryFn: () => api.get<LoginHistoryItem[]>('/api/userinfo/login-history'),
});

export function useLoginHistory() {
  return useQuery(loginHistoryQuery);
}
