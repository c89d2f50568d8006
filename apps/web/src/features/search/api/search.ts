import type { SearchResult } from '@psy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function fetchSearch(code: string, signal?: AbortSignal): Promise<SearchResult> {
  return api.get<SearchResult>('/api/search', { code }, { signal });
}

export const searchQuery = (code: string) =>
  queryOptions({
    queryKey: ['search', code],
    queryFn: ({ signal }) => fetchSearch(code, signal),
  });

/** Idle until there is a keyword: an empty search is not sent. */
export function useSearch(code: string) {
  return useQuery({ ...searchQuery(code), enabled: code.length > 0 });
}
