import type { HomeOverview } from '@psy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const homeOverviewQuery = queryOptions({
  queryKey: ['home', 'overview'],
  queryFn: () => api.get<HomeOverview>('/api/home/overview'),
});

export function useHomeOverview() {
  return useQuery(homeOverviewQuery);
}
