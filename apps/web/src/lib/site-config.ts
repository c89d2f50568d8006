import type { SiteConfig } from '@psy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

export const siteConfigQuery = queryOptions({
  queryKey: ['site', 'config'],
  queryFn: () => api.get<SiteConfig>('/api/site/config', undefined, { silent: true }),
  staleTime: Infinity,
});

export function useSiteConfig() {
  return useQuery(siteConfigQuery);
}
