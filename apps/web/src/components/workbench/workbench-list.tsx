import { Flex, Segmented, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { ListWithStates, type PagedQuery } from '../list-with-states';
import { CardSkeleton } from '../page-states';
import styles from './workbench.module.css';

/** A filter and the page of a paged workbench list: choosing another filter goes back to page 1. */
export function useFilteredPages<F>(initial: F) {
  const [filter, setFilter] = useState<F>(initial);
  const [pageNum, setPageNum] = useState(1);
  const choose = (f: F) => {
    setFilter(f);
    setPageNum(1);
  };
  return { filter, choose, pageNum, setPageNum };
}

/** The filter above a workbench list, scrolling sideways on a phone. */
export function FilterSegments<F extends string>(props: {
  value: F;
  onChange: (f: F) => void;
  options: { value: F; label: string }[];
}) {
  return (
    <div style={{ overflowX: 'auto', marginBottom: 8 }}>
      <Segmented<F> value={props.value} onChange={props.onChange} options={props.options} />
    </div>
  );
}

/** What an empty workbench list says. */
export function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <Typography.Paragraph type="secondary" style={{ textAlign: 'center', padding: '32px 0' }}>
      {children}
    </Typography.Paragraph>
  );
}

/** One row of a workbench list: what it is on the left, its links on the right. */
export function ListRow({
  children,
  actions,
  role,
}: {
  children: ReactNode;
  actions: ReactNode;
  role?: 'listitem';
}) {
  return (
    <div className={styles.listItem} role={role}>
      <Flex justify="space-between" align="start" gap={12} wrap>
        <div style={{ minWidth: 0, flex: 1 }}>{children}</div>
        {actions}
      </Flex>
    </div>
  );
}

/**
 * A paged workbench list with its states: a short skeleton, a retry, the empty line, then the
 * rows and the right-aligned pager (共 N 条).
 */
export function WorkbenchPagedList<T>(props: {
  query: PagedQuery<T>;
  /** Title of the load error, e.g. 转介加载失败. */
  failed: string;
  /** What the empty list says. */
  empty: ReactNode;
  page: { current: number; size: number; onChange: (page: number) => void };
  role?: 'list';
  children: (list: T[]) => ReactNode;
}) {
  return (
    <ListWithStates
      query={props.query}
      failed={props.failed}
      empty={<EmptyLine>{props.empty}</EmptyLine>}
      skeleton={<CardSkeleton rows={4} />}
      page={{ ...props.page, unit: '条', marginTop: 16 }}
      role={props.role}
    >
      {props.children}
    </ListWithStates>
  );
}

/** Two views of a workbench list (我发起的 / 邀请我的), each with its total once loaded. */
export function ViewTabs<V extends string>(props: {
  value: V;
  onChange: (v: V) => void;
  options: { value: V; label: string; total: number | undefined }[];
}) {
  return (
    <div style={{ overflowX: 'auto', marginBottom: 12 }}>
      <Segmented<V>
        value={props.value}
        onChange={props.onChange}
        options={props.options.map((o) => ({
          value: o.value,
          label: `${o.label}${o.total !== undefined ? ` ${o.total}` : ''}`,
        }))}
      />
    </div>
  );
}
