import type { ReactNode } from 'react';
import { CardSkeleton, LoadFailed } from './page-states';
import { Pager } from './pager';

export interface PagedQuery<T> {
  data?: { list: T[]; total: number };
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

interface Props<T> {
  query: PagedQuery<T>;
  /** Title of the load error, e.g. 预约加载失败. */
  failed: string;
  /** What is shown when the page has no rows. */
  empty: ReactNode;
  skeleton?: ReactNode;
  /** Paging, shown when there is more than one page. */
  page?: {
    current: number;
    size: number;
    onChange: (page: number) => void;
    unit?: string;
    marginTop?: number;
  };
  /** The rows' container as a list for assistive technology (rows then say role="listitem"). */
  role?: 'list';
  children: (list: T[]) => ReactNode;
}

/**
 * A paged list with its states: skeleton while loading, a retry when it failed, the empty
 * state, then the rows (dimmed while the next page loads) and the pager.
 */
export function ListWithStates<T>({ query, failed, empty, skeleton, page, role, children }: Props<T>) {
  const { data } = query;
  if (query.isPending) return skeleton ?? <CardSkeleton />;
  if (query.isError || !data) return <LoadFailed title={failed} onRetry={() => void query.refetch()} />;
  if (data.list.length === 0) return empty;
  return (
    <div style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} role={role}>
      {children(data.list)}
      {page && <Pager total={data.total} marginTop={20} {...page} />}
    </div>
  );
}
