import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DemoApiError, demoRequest, saveDemoSession, storedDemoUser } from './client';
import type { AccountItem, DemoUser, HomeInfo, HomeItem, Paged, Region, SiteItem } from './types';

const retry = (count: number, err: Error) =>
  err instanceof DemoApiError && err.kind === 'network' && count < 1;

/** The signed-in user's record; also how the console learns that its token was destroyed. */
export function useDemoUser(token: string | null) {
  return useQuery({
    queryKey: ['demo', 'permission', token],
    queryFn: () => demoRequest<DemoUser>('/v1/user/permission'),
    enabled: !!token,
    initialData: () => storedDemoUser<DemoUser>(),
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
    retry,
  });
}

export const accountInfoQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['demo', 'account', token],
    queryFn: () => demoRequest<DemoUser>('/v1/account/info'),
    retry,
  });

export const homeInfoQuery = queryOptions({
  queryKey: ['demo', 'home-info'],
  queryFn: () => demoRequest<HomeInfo>('/v1/home/info'),
  retry,
});

export const homeListQuery = queryOptions({
  queryKey: ['demo', 'home-list'],
  queryFn: () => demoRequest<Paged<HomeItem>>('/v1/home/list'),
  retry,
});

export const siteListQuery = queryOptions({
  queryKey: ['demo', 'page-one'],
  queryFn: () => demoRequest<Paged<SiteItem>>('/v1/common/page_one/list'),
  retry,
});

export const accountListQuery = queryOptions({
  queryKey: ['demo', 'table'],
  queryFn: () => demoRequest<Paged<AccountItem>>('/table/list'),
  retry,
});

export function fetchRegions(parent?: string): Promise<Region[]> {
  return demoRequest<Region[]>(`/v1/common/regions${parent ? `?parent=${parent}` : ''}`);
}

export const provincesQuery = queryOptions({
  queryKey: ['demo', 'regions', ''],
  queryFn: () => fetchRegions(),
  staleTime: Infinity,
  retry,
});

export function useDemoLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { username: string; password: string }) =>
      demoRequest<DemoUser>('/v1/user/login', { method: 'POST', body }),
    onSuccess: (user) => {
      client.removeQueries({ queryKey: ['demo'] });
      saveDemoSession(user.token, user);
      client.setQueryData(['demo', 'permission', user.token], user);
    },
  });
}

/**
 * Destroys the token on the server. Its failures are swallowed: the caller forgets the
 * session here whatever the server said (clearDemoSession), so a dead token never traps anyone.
 */
export function useDemoLogout() {
  return useMutation({
    mutationFn: () => demoRequest<null>('/v1/user/logout').catch(() => null),
  });
}
