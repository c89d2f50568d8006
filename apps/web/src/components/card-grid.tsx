import { Empty, Pagination } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { Paragraph } from './heading';
import { Tiles } from './tiles';

/**
 * A catalogue's page of cards (4 a row on desktop, 2 on a tablet, 1 on a phone): 共 N 个…,
 * the cards (dimmed while the next page loads) and the pager, which scrolls back to the top.
 */
export function CardGrid<T extends { id: number }>({
  list,
  total,
  totalText,
  pageNum,
  pageSize,
  dimmed,
  onPage,
  children,
}: {
  list: T[];
  total: number;
  totalText: string;
  pageNum: number;
  pageSize: number;
  dimmed: boolean;
  onPage: (page: number) => void;
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      <Paragraph secondary>{totalText}</Paragraph>
      <Tiles sm={2} lg={4} style={{ opacity: dimmed ? 0.6 : 1 }}>
        {list.map((item) => (
          <Fragment key={item.id}>{children(item)}</Fragment>
        ))}
      </Tiles>
      {total > pageSize && (
        <Pagination
          style={{ marginTop: 24, justifyContent: 'center' }}
          current={pageNum}
          pageSize={pageSize}
          total={total}
          showSizeChanger={false}
          onChange={(p) => {
            onPage(p);
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </>
  );
}

/**
 * A catalogue's results with their states: the skeleton, the load error, the empty text, then
 * the page of cards (CardGrid); a new page is asked for with `onPage`.
 */
export function CatalogueResults<T extends { id: number }>({
  query,
  skeleton,
  failed,
  empty,
  totalText,
  pageNum,
  pageSize,
  onPage,
  children,
}: {
  query: {
    data?: { list: T[]; total: number };
    isPending: boolean;
    isError: boolean;
    isPlaceholderData: boolean;
  };
  skeleton: ReactNode;
  /** The load error, with its retry. */
  failed: ReactNode;
  empty: string;
  totalText: (total: number) => string;
  pageNum: number;
  pageSize: number;
  onPage: (page: number) => void;
  children: (item: T) => ReactNode;
}) {
  const { data } = query;
  if (query.isPending) return skeleton;
  if (query.isError || !data) return failed;
  if (data.list.length === 0) return <Empty style={{ padding: '48px 0' }} description={empty} />;
  return (
    <CardGrid
      list={data.list}
      total={data.total}
      totalText={totalText(data.total)}
      pageNum={pageNum}
      pageSize={pageSize}
      dimmed={query.isPlaceholderData}
      onPage={onPage}
    >
      {children}
    </CardGrid>
  );
}
