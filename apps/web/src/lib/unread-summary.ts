import type { UnreadSummary } from '@psy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { useSession } from './session';

/** Everything about notifications shares this prefix, so one invalidation refreshes badge and lists. */
export const notificationKeys = {
  all: ['notifications'] as const,
  summary: ['notifications', 'summary'] as const,
  list: (status: string, pageNum: number) => ['notifications', 'list', status, pageNum] as const,
};

export function fetchUnreadSummary(): Promise<UnreadSummary> {
  // Silent: a badge that could not refresh is no reason to interrupt whatever the user does.
  return api.get<UnreadSummary>('/api/userNotification/summary', undefined, { silent: true });
}

export const unreadSummaryQuery = queryOptions({
  queryKey: notificationKeys.summary,
  queryFn: fetchUnreadSummary,
  // Pushes refresh it; this only matters when the live connection is down.
  staleTime: 30_000,
});

/** Unread notifications and chats of the signed-in account; idle for visitors. */
export function useUnreadSummary(poll: boolean) {
  const token = useSession((s) => s.token);
  return useQuery({ ...unreadSummaryQuery, enabled: !!token, refetchInterval: poll ? 60_000 : false });
}
