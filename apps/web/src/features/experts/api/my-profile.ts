import type { ExpertProfileBody } from '@psy/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';

/** The signed-in expert's public profile; null until it has been filled in once. */
export const myProfileQuery = queryOptions({
  queryKey: ['expert-me', 'profile'],
  queryFn: () => api.get<ExpertProfileBody | null>('/api/expert/me/profile'),
});

export function useMyProfile() {
  return useQuery(myProfileQuery);
}

export function useSaveProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ExpertProfileBody) =>
      api.post<ExpertProfileBody | null>('/api/expert/me/profile', body),
    onSuccess: (saved) => {
      qc.setQueryData(myProfileQuery.queryKey, saved);
      // Price, tags and modes show on the public list and detail pages.
      void qc.invalidateQueries({ queryKey: ['experts'] });
      toast.success('资料已保存');
    },
  });
}
