import type { UserInfo } from '@psy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { setUserInfo, useSession } from '../../../lib/session';

/** Every fresh copy of the profile also refreshes the stored session, so the header follows. */
export async function fetchUserInfo(): Promise<UserInfo> {
  const info = await api.get<UserInfo>('/api/userinfo/info');
  setUserInfo(info);
  return info;
}

export const userInfoQuery = queryOptions({
  queryKey: ['auth', 'userinfo'],
  queryFn: fetchUserInfo,
  staleTime: 60_000,
});

/** The signed-in account's profile; idle for visitors. */
export function useUserInfo() {
  const token = useSession((s) => s.token);
  return useQuery({ ...userInfoQuery, enabled: !!token });
}
