import type { ReactNode } from 'react';
import { ListPager } from '../list-pager';
import { CardSkeleton, LoadError } from '../page-states';
import { Pager } from '../pager';
import { EmptyLine } from './workbench-list';

/**
 * A paged list of the workbench (资讯, 动态, 量表审核, 预警列表) with its states: a short skeleton,
 * the load error (`what` names the content), the empty line, the rows, then the pager past one
 * page; with `page.unit` the pager is the one that says 「共 N <unit>」.
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
  page: { current: number; size: number; onChange: (page: number) => void; unit?: string };
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
      {page.unit ? (
        <Pager total={data?.total} {...page} />
      ) : (
        <ListPager total={data?.total} pageSize={page.size} current={page.current} onChange={page.onChange} />
      )}
    </>
  );
}
