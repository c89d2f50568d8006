import type { NotificationPage } from '@psy/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { notificationKeys } from '../../../lib/unread-summary';

export type NotificationFilter = 'all' | 'unread' | 'read';
export const NOTIFICATION_PAGE_SIZE = 10;

export function fetchNotifications(status: NotificationFilter, pageNum: number): Promise<NotificationPage> {
  return api.get<NotificationPage>('/api/userNotification', {
    status,
    pageNum,
    pageSize: NOTIFICATION_PAGE_SIZE,
  });
}

export const notificationsQuery = (status: NotificationFilter, pageNum: number) =>
  queryOptions({
    queryKey: notificationKeys.list(status, pageNum),
    queryFn: () => fetchNotifications(status, pageNum),
    // A push invalidates it; between pushes the page need not ask again.
    staleTime: 15_000,
  });

/** One page of my notifications; the previous page stays on screen while the next loads. */
export function useNotifications(status: NotificationFilter, pageNum: number) {
  return useQuery({ ...notificationsQuery(status, pageNum), placeholderData: keepPreviousData });
}

/** Read state changes the lists, the filter counts and the header badge alike. */
function useInvalidateNotifications() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

export function useMarkNotificationRead() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (id: number) => api.put<null>(`/api/userNotification/read/${id}`),
    onSettled: invalidate,
  });
}

export function useMarkAllNotificationsRead() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: () => api.put<{ updated: number }>('/api/userNotification/readAll'),
    onSettled: invalidate,
  });
}
