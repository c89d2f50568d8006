import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PagedQuery } from '../list-with-states';
import { useTabParam } from '../../lib/url-filters';
import { countIn, StatusFilter } from './status-filter';
import { ListRow, useFilteredPages, ViewTabs, WorkbenchPagedList } from './workbench-list';
import { WorkbenchLayout } from './workbench-layout';
import { WorkbenchHead } from './workbench-shell';
import styles from './workbench.module.css';

/** How many rows a page of a two-view workbench list holds. */
const PAGE_SIZE = 10;

/**
 * The state of a list with two views (我发起的 / 邀请我的) kept in the URL as `?tab=`, a status
 * filter (全部 first) and a page: switching the view goes back to 全部 and page 1. `params` is
 * what the list's query asks besides the view.
 */
export function useTwoViewPages<V extends string, S extends string>(base: V, other: V) {
  const [view, setView] = useTabParam<V>(base, other);
  const { filter, choose, pageNum, setPageNum } = useFilteredPages<S | 'all'>('all');
  const switchTo = (v: V) => {
    setView(v);
    choose('all');
  };
  const params = { status: filter === 'all' ? undefined : filter, pageNum, pageSize: PAGE_SIZE };
  return { view, switchTo, filter, choose, pageNum, setPageNum, params };
}

type TwoViewPages<V extends string, S extends string> = ReturnType<typeof useTwoViewPages<V, S>>;

/**
 * An expert workbench page of one paged list of cases seen two ways (转介管理, 协作管理): the
 * head with its one action, the two views with their totals, the status filter with its counts
 * and the rows with their states (`noun` names the cases: 转介加载失败, 这一类下没有转介);
 * `children` follows the card (the modal the action opens).
 */
export function TwoViewListPage<V extends string, S extends string, T>(props: {
  title: string;
  sub: string;
  action: { label: string; onClick: () => void };
  pages: TwoViewPages<V, S>;
  /** Each view's label, the base view first. */
  views: Record<V, string>;
  /** The statuses the filter offers after 全部 in the current view. */
  statuses: readonly S[];
  statusLabels: Record<S, string>;
  query: PagedQuery<T> & { data?: { totals: Record<V, number>; counts: Record<S, number> } };
  noun: string;
  /** What the unfiltered list of each view says when empty. */
  empty: Record<V, string>;
  row: (item: T) => ReactNode;
  children?: ReactNode;
}) {
  const { pages, query } = props;
  const views = Object.keys(props.views) as V[];
  return (
    <WorkbenchLayout>
      <WorkbenchHead
        title={props.title}
        sub={props.sub}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={props.action.onClick}>
            {props.action.label}
          </Button>
        }
      />
      <Card>
        <ViewTabs<V>
          value={pages.view}
          onChange={pages.switchTo}
          options={views.map((v) => ({ value: v, label: props.views[v], total: query.data?.totals[v] }))}
        />
        <StatusFilter<S | 'all'>
          value={pages.filter}
          onChange={pages.choose}
          count={countIn(query.data?.counts)}
          options={[
            { value: 'all', label: '全部' },
            ...props.statuses.map((s) => ({ value: s, label: props.statusLabels[s] })),
          ]}
        />
        <WorkbenchPagedList
          query={query}
          failed={`${props.noun}加载失败`}
          empty={pages.filter !== 'all' ? `这一类下没有${props.noun}` : props.empty[pages.view]}
          page={{ current: pages.pageNum, size: PAGE_SIZE, onChange: pages.setPageNum }}
        >
          {(list) => list.map(props.row)}
        </WorkbenchPagedList>
      </Card>
      {props.children}
    </WorkbenchLayout>
  );
}

/**
 * One case between two experts about a person in a list (a transfer, a cooperation): the person,
 * linked to the case, with its tags; the other expert; the reason; when it happened.
 */
export function CaseRow(props: {
  link: string;
  personName: string;
  tags: ReactNode;
  /** 转给 / 来自 / 邀请 the other expert. */
  other: string;
  reason: string;
  /** 发起于 …, 接受于 … */
  dates: ReactNode;
  actions: ReactNode;
}) {
  return (
    <ListRow role="listitem" actions={props.actions}>
      <Space wrap size={6}>
        <Link to={props.link}>
          <Typography.Text strong>{props.personName || '用户'}</Typography.Text>
        </Link>
        {props.tags}
      </Space>
      <div style={{ margin: '4px 0' }}>{props.other}</div>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 1 }} style={{ margin: 0 }}>
        原因：{props.reason}
      </Typography.Paragraph>
      <div className={styles.muted}>{props.dates}</div>
    </ListRow>
  );
}
