import type {
  MyTweet,
  MyTweetsPage,
  MyTweetsQuery,
  Page,
  ReviewTweet,
  ReviewTweetsPage,
  ReviewTweetsQuery,
  TweetBody,
  TweetCard,
  TweetLikeResult,
} from '@psy/contracts';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { usePagedQuery, useItemQuery } from '../../../lib/queries';

const keys = {
  feed: ['tweets', 'feed'] as const,
  liked: ['tweets', 'liked'] as const,
  one: ['tweets', 'one'] as const,
  mine: ['expert-tweets'] as const,
  review: ['audit-tweets'] as const,
};

/** Published tweets (of one expert, or of all), newest first, a page at a time. */
export function useTweetFeed(expertId: number | undefined, pageSize: number) {
  const signedIn = !!useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: [...keys.feed, expertId ?? 'all', pageSize, signedIn],
    // Signed-in readers also see the tweets meant for signed-in users.
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<TweetCard>>(
        signedIn ? '/api/tweet/feed' : '/api/tweet/list',
        { expertId, pageNum: pageParam, pageSize },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
  });
}

/** One published tweet by its number (a search hit opened on the expert's page). */
export function useTweet(id: number) {
  const signedIn = !!useSession((s) => s.token);
  return useQuery({
    queryKey: [...keys.one, id, signedIn],
    queryFn: () => api.get<TweetCard>(`/api/tweet/detail/${id}`, undefined, { silent: true }),
    enabled: id > 0,
    retry: false,
  });
}

/** Which of the shown tweets the signed-in reader has liked. */
export function useLiked(ids: number[]) {
  const token = useSession((s) => s.token);
  const sorted = [...ids].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...keys.liked, token, sorted.join(',')],
    queryFn: () => api.get<number[]>('/api/tweet/liked', { ids: sorted.join(',') }, { silent: true }),
    enabled: !!token && sorted.length > 0,
    select: (list) => new Set(list),
  });
}

export function useLike() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, like }: { id: number; like: boolean }) =>
      like
        ? api.post<TweetLikeResult>(`/api/tweet/${id}/like`)
        : api.delete<TweetLikeResult>(`/api/tweet/${id}/like`),
    onSuccess: (r, { id }) => {
      // The count on every feed that shows the tweet, and the reader's liked set.
      qc.setQueriesData<InfiniteData<Page<TweetCard>>>(
        { queryKey: keys.feed },
        (d) =>
          d && {
            ...d,
            pages: d.pages.map((p) => ({
              ...p,
              list: p.list.map((t) => (t.id === id ? { ...t, likeCount: r.likeCount } : t)),
            })),
          },
      );
      qc.setQueriesData<TweetCard>({ queryKey: keys.one }, (t) =>
        t && t.id === id ? { ...t, likeCount: r.likeCount } : t,
      );
      void qc.invalidateQueries({ queryKey: keys.liked });
    },
  });
}

// ---- the expert's own ----

export function useMyTweets(q: MyTweetsQuery) {
  return usePagedQuery<MyTweetsPage>([...keys.mine, q], '/api/expert/tweets', q);
}

export function useMyTweet(id: number) {
  return useItemQuery<MyTweet>([...keys.mine, 'one', id], id, `/api/expert/tweets/${id}`);
}

function useRefreshMine() {
  const qc = useQueryClient();
  return (t?: MyTweet) => {
    if (t) qc.setQueryData([...keys.mine, 'one', t.id], t);
    void qc.invalidateQueries({ queryKey: keys.mine });
    void qc.invalidateQueries({ queryKey: keys.feed });
  };
}

export function useSaveTweet(id: number) {
  const refresh = useRefreshMine();
  return useMutation({
    mutationFn: (body: TweetBody) =>
      id > 0
        ? api.put<MyTweet>(`/api/expert/tweets/${id}`, body)
        : api.post<MyTweet>('/api/expert/tweets', body),
    onSuccess: (t) => refresh(t),
  });
}

export function useTweetAction() {
  const refresh = useRefreshMine();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'submit' | 'withdraw' | 'delete' }) =>
      action === 'delete'
        ? api.delete<null>(`/api/expert/tweets/${id}`)
        : api.post<MyTweet>(`/api/expert/tweets/${id}/${action}`),
    onSuccess: (t, { action }) => {
      toast.success(
        { submit: '已提交审核，审核结果会通知您', withdraw: '动态已撤回', delete: '动态已删除' }[action],
      );
      refresh(t ?? undefined);
    },
  });
}

// ---- review ----

export function useReviewTweets(q: ReviewTweetsQuery) {
  return usePagedQuery<ReviewTweetsPage>([...keys.review, q], '/api/audit/tweets', q);
}

export function useReviewTweet(id: number) {
  return useItemQuery<ReviewTweet>([...keys.review, 'one', id], id, `/api/audit/tweets/${id}`);
}

export function useDecideTweet(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { approve: boolean; reason?: string }) =>
      api.post<null>(`/api/audit/tweets/${id}/review`, body),
    onSuccess: (_r, body) => {
      toast.success(body.approve ? '已通过，动态已发布' : '已驳回，专家会收到驳回原因');
      void qc.invalidateQueries({ queryKey: keys.review });
      void qc.invalidateQueries({ queryKey: ['audit-inbox'] });
      void qc.invalidateQueries({ queryKey: keys.feed });
    },
  });
}
