import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { api, type RequestOptions } from './api';

/**
 * The two reads most pages make. Both are silent: the page shows its own load error with a
 * retry, so a failure is not toasted as well.
 */

/**
 * A page of a list, or any read that follows filters or typed text: the last answer stays on
 * screen while the next loads. `enabled: false` asks nothing yet (a search form still closed).
 */
export function usePagedQuery<T>(
  queryKey: QueryKey,
  path: string,
  query: RequestOptions['query'],
  enabled = true,
) {
  return useQuery({
    queryKey,
    queryFn: () => api.get<T>(path, query, { silent: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One item by its id; not asked at all without one (0: the address had no usable id). */
export function useItemQuery<T>(queryKey: QueryKey, id: number, path: string) {
  return useQuery({
    queryKey,
    queryFn: () => api.get<T>(path, undefined, { silent: true }),
    enabled: id > 0,
  });
}
