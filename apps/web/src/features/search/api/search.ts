import type { SearchKind, SearchParams, SearchResult } from '@psy/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const SEARCH_PAGE_SIZE = 10;

export function fetchSearch(p: SearchParams, signal?: AbortSignal): Promise<SearchResult> {
  return api.get<SearchResult>('/api/search', { ...p }, { signal });
}

export const searchQuery = (p: { code: string; kind?: SearchKind | undefined; pageNum: number }) =>
  queryOptions({
    queryKey: ['search', p.code, p.kind ?? 'all', p.pageNum],
    queryFn: ({ signal }) => fetchSearch({ ...p, pageSize: SEARCH_PAGE_SIZE }, signal),
  });

/** Idle until there is a keyword: an empty search is not sent. The previous page stays while the next loads. */
export function useSearch(p: { code: string; kind?: SearchKind | undefined; pageNum: number }) {
  return useQuery({ ...searchQuery(p), enabled: p.code.length > 0, placeholderData: keepPreviousData });
}
