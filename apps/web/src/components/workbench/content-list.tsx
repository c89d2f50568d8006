import type { ReactNode } from 'react';
import { ListPager } from '../list-pager';
import { CardSkeleton, LoadError } from '../page-states';
import { EmptyLine } from './workbench-list';

/**
 * A content list of the workbench (资讯, 动态) with its states: a short skeleton, the load error
 * (`what` names the content), the empty line, the rows, then the pager past one page.
 */
export function ContentList<T>({
  query,
  what,
  empty,
  page,
  children,
}: {
  query: {
    data?: { list: T[]; total: number };
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  what: string;
  empty: ReactNode;
  page: { current: number; size: number; onChange: (page: number) => void };
  children: (list: T[]) => ReactNode;
}) {
  const { data } = query;
  return (
    <>
      {query.isPending ? (
        <CardSkeleton rows={4} />
      ) : query.isError || !data ? (
        <LoadError error={query.error} what={what} onRetry={() => void query.refetch()} />
      ) : data.list.length === 0 ? (
        <EmptyLine>{empty}</EmptyLine>
      ) : (
        children(data.list)
      )}
      <ListPager total={data?.total} pageSize={page.size} current={page.current} onChange={page.onChange} />
    </>
  );
}
