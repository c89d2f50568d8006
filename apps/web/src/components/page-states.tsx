import { Button, Card, Empty, Result, Skeleton, type SkeletonProps } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../lib/api';

/**
 * What a page shows while it has no data: loading skeleton, not found (404), load error with
 * a retry, empty. One look for every page.
 */

export const NETWORK_HINT = '可能是网络不稳定，请稍后重试';

export interface NotFoundProps {
  title: ReactNode;
  subTitle?: ReactNode;
  /** A button back to where the thing can be found again. */
  back?: { to: string; label: string };
}

export function NotFound({ title, subTitle, back }: NotFoundProps) {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={title}
      subTitle={subTitle}
      extra={back && <Button onClick={() => navigate(back.to)}>{back.label}</Button>}
    />
  );
}

export function LoadFailed({
  title,
  subTitle,
  onRetry,
}: {
  title: ReactNode;
  subTitle?: ReactNode;
  onRetry: () => void;
}) {
  return (
    <Result
      status="warning"
      title={title}
      subTitle={subTitle}
      extra={<Button onClick={onRetry}>重新加载</Button>}
    />
  );
}

/** A load that failed: a 404 says so plainly, anything else offers a retry. */
export function LoadError({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  // No error means the page was opened without a usable ?id=.
  if (!error || (error instanceof ApiError && error.status === 404)) {
    return (
      <NotFound
        title={`${what}不存在`}
        subTitle={error instanceof ApiError ? error.message : '链接不完整或已失效，请从列表重新进入'}
      />
    );
  }
  return (
    <LoadFailed
      title={`${what}加载失败`}
      subTitle={error instanceof ApiError ? error.message : NETWORK_HINT}
      onRetry={onRetry}
    />
  );
}

export function CardSkeleton({ rows = 6, avatar }: { rows?: number; avatar?: SkeletonProps['avatar'] }) {
  return (
    <Card>
      <Skeleton avatar={avatar} active paragraph={{ rows }} />
    </Card>
  );
}

export function EmptyCard({ text, action }: { text: ReactNode; action?: ReactNode }) {
  return (
    <Card>
      <Empty description={text}>{action}</Empty>
    </Card>
  );
}

/** The ?id= of a detail page, or 0 when missing or malformed. */
export function idParam(search: URLSearchParams): number {
  const id = Number(search.get('id'));
  return Number.isInteger(id) && id > 0 ? id : 0;
}

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The states a page backed by one query shows before its data, in the order that matters:
 * not found (no usable id, or one of `notFoundStatuses`), failed with a retry, loading.
 * null once the data is there. `loading` lets the page frame the skeleton like its content.
 */
export function queryStates(
  query: QueryLike,
  opts: {
    missing?: boolean;
    notFoundStatuses?: number[];
    notFound: NotFoundProps;
    failed: string;
    skeleton: ReactNode;
  },
): { view: ReactNode; loading: boolean } | null {
  const { error } = query;
  const statuses = opts.notFoundStatuses ?? [404];
  if (opts.missing || (query.isError && error instanceof ApiError && statuses.includes(error.status))) {
    return { view: <NotFound {...opts.notFound} />, loading: false };
  }
  if (query.isError) {
    return { view: <LoadFailed title={opts.failed} onRetry={() => void query.refetch()} />, loading: false };
  }
  if (query.isPending) return { view: opts.skeleton, loading: true };
  return null;
}

/**
 * `queryStates` of a page about one item opened by `?id=` (0 when the link has none): 「<what>不存在」
 * (with `subTitle`, and `back` to its list), 「<what>加载失败」, and a card skeleton of `rows`.
 */
export function itemStates(
  query: QueryLike,
  id: number,
  what: string,
  back: { to: string; label: string },
  opts: { subTitle?: string; rows?: number } = {},
) {
  return queryStates(query, {
    missing: id === 0,
    notFound: { title: `${what}不存在`, subTitle: opts.subTitle, back },
    failed: `${what}加载失败`,
    skeleton: <CardSkeleton rows={opts.rows ?? 8} />,
  });
}

/**
 * A workbench page about one item opened by `?id=` (0 when the link has none): `LoadError`
 * (不存在 for no id or a 404, 加载失败 with a retry otherwise), a card skeleton of `rows`, then
 * `children` with the item.
 */
export function LoadedItem<T>({
  query,
  id,
  what,
  rows = 8,
  children,
}: {
  query: QueryLike & { data?: T };
  id: number;
  what: string;
  rows?: number;
  children: (item: T) => ReactNode;
}) {
  if (!id || query.isError) {
    return <LoadError error={query.error} what={what} onRetry={() => void query.refetch()} />;
  }
  if (query.isPending || query.data === undefined) return <CardSkeleton rows={rows} />;
  return children(query.data);
}
