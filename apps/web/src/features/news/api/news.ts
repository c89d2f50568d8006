import type {
  NewsAdminPage,
  NewsAdminQuery,
  NewsBody,
  NewsCategory,
  NewsDetail,
  NewsEditable,
  NewsSummary,
  Page,
} from '@psy/contracts';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { usePagedQuery, useItemQuery } from '../../../lib/queries';

export const NEWS_PAGE_SIZE = 10;

const keys = {
  all: ['news'] as const,
  list: (category: NewsCategory | undefined) => [...keys.all, 'list', category ?? 'all'] as const,
  latest: (n: number) => [...keys.all, 'latest', n] as const,
  detail: (id: number) => [...keys.all, 'detail', id] as const,
  admin: ['audit-news'] as const,
};

/** The public list, page after page as the reader scrolls (infinite scroll). */
export function useNewsFeed(category: NewsCategory | undefined) {
  return useInfiniteQuery({
    queryKey: keys.list(category),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<NewsSummary>>(
        '/api/news/list',
        { category, pageNum: pageParam, pageSize: NEWS_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
  });
}

/** The newest articles (home page section). */
export const latestNewsQuery = (n: number) =>
  queryOptions({
    queryKey: keys.latest(n),
    queryFn: ({ signal }) =>
      api.get<Page<NewsSummary>>('/api/news/list', { pageNum: 1, pageSize: n }, { signal }),
  });

export function useLatestNews(n: number) {
  return useQuery(latestNewsQuery(n));
}

export const newsDetailQuery = (id: number) =>
  queryOptions({
    queryKey: keys.detail(id),
    queryFn: () => api.get<NewsDetail>(`/api/news/detail/${id}`, undefined, { silent: true }),
    enabled: id > 0,
    // Each opening counts one reading: do not re-read on focus.
    refetchOnWindowFocus: false,
  });

export const useNewsDetail = (id: number) => useQuery(newsDetailQuery(id));

// ---- the audit workbench ----

export function useNewsAdmin(q: NewsAdminQuery) {
  return usePagedQuery<NewsAdminPage>([...keys.admin, q], '/api/audit/news', q);
}

export function useNewsEditable(id: number) {
  return useItemQuery<NewsEditable>([...keys.admin, 'edit', id], id, `/api/audit/news/${id}`);
}

function useRefresh() {
  const qc = useQueryClient();
  return (a: NewsEditable) => {
    qc.setQueryData([...keys.admin, 'edit', a.id], a);
    void qc.invalidateQueries({ queryKey: keys.admin });
    void qc.invalidateQueries({ queryKey: keys.all });
    void qc.invalidateQueries({ queryKey: ['search'] });
  };
}

export function useSaveNews(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: NewsBody) =>
      id > 0
        ? api.put<NewsEditable>(`/api/audit/news/${id}`, body)
        : api.post<NewsEditable>('/api/audit/news', body),
    onSuccess: refresh,
  });
}

export function useNewsAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (
      a: { id: number } & (
        | { action: 'publish'; publishAt: string | null }
        | { action: 'offline' }
        | { action: 'pin'; pinned: boolean }
      ),
    ) => {
      if (a.action === 'publish')
        return api.post<NewsEditable>(`/api/audit/news/${a.id}/publish`, { publishAt: a.publishAt });
      if (a.action === 'pin')
        return api.post<NewsEditable>(`/api/audit/news/${a.id}/pin`, { pinned: a.pinned });
      return api.post<NewsEditable>(`/api/audit/news/${a.id}/offline`);
    },
    onSuccess: refresh,
  });
}
