import type { Banner, BannerBody } from '@psy/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';

const keys = { shown: ['banners'] as const, all: ['audit-banners'] as const };

/** The carousel's banners (enabled, in order). */
export const bannersQuery = queryOptions({
  queryKey: keys.shown,
  queryFn: () => api.get<Banner[]>('/api/banner/list'),
});

export function useBanners() {
  return useQuery(bannersQuery);
}

export function useAllBanners() {
  return useQuery({
    queryKey: keys.all,
    queryFn: () => api.get<Banner[]>('/api/audit/banners', undefined, { silent: true }),
  });
}

export function useBannerMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { id?: number; body?: BannerBody; remove?: boolean }) =>
      a.remove
        ? api.delete<null>(`/api/audit/banners/${a.id}`)
        : a.id
          ? api.put<Banner>(`/api/audit/banners/${a.id}`, a.body)
          : api.post<Banner>('/api/audit/banners', a.body),
    onSuccess: (_r, a) => {
      toast.success(a.remove ? '轮播图已删除' : a.id ? '轮播图已保存' : '轮播图已添加');
      void qc.invalidateQueries({ queryKey: keys.all });
      void qc.invalidateQueries({ queryKey: keys.shown });
    },
  });
}
