import { Button, Card, Empty, Result, Skeleton } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Heading } from '../../../components/heading';
import { LoadFailed, NETWORK_HINT } from '../../../components/page-states';
import { Tiles } from '../../../components/tiles';
import { ApiError } from '../../../lib/api';
import styles from './assessments.module.css';

/** Placeholder cards while a grid loads, shaped like the cards that follow. */
export function CardGridSkeleton({ count = 4, lg = 6 }: { count?: number; lg?: number }) {
  return (
    <Tiles sm={2} lg={24 / lg}>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} className={styles.card}>
          <Skeleton active avatar={{ shape: 'square', size: 56 }} paragraph={{ rows: 3 }} />
        </Card>
      ))}
    </Tiles>
  );
}

/** A list that could not load: the shared load error with the network hint. */
export function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return <LoadFailed title={title} subTitle={NETWORK_HINT} onRetry={onRetry} />;
}

interface SectionHeadProps {
  title: ReactNode;
  more?: { to: string; label: string };
  id?: string;
}

export function SectionHead({ title, more, id }: SectionHeadProps) {
  return (
    <div className={styles.sectionHead}>
      <Heading level={3} id={id} style={{ margin: 0 }}>
        {title}
      </Heading>
      {more && <Link to={more.to}>{more.label} ›</Link>}
    </div>
  );
}

/**
 * Before a public page's one item is there: no usable id or an answer in `statuses` (404 unless
 * told) is a 404 whose primary button leads to others like it; any other failure offers a retry.
 * null while loading or loaded, so each page keeps its own skeleton.
 */
export function missingOrFailed(
  query: { isError: boolean; error: unknown; refetch: () => unknown },
  id: number,
  opts: {
    title: string;
    back: { to: string; label: string };
    failed: string;
    failedSub?: ReactNode;
    statuses?: number[];
  },
): ReactNode {
  const { error } = query;
  if (
    !id ||
    (query.isError && error instanceof ApiError && (opts.statuses ?? [404]).includes(error.status))
  ) {
    return (
      <Result
        status="404"
        title={opts.title}
        extra={
          <Link to={opts.back.to}>
            <Button type="primary">{opts.back.label}</Button>
          </Link>
        }
      />
    );
  }
  if (query.isError) {
    return <LoadFailed title={opts.failed} subTitle={opts.failedSub} onRetry={() => void query.refetch()} />;
  }
  return null;
}

/** The flow card's skeleton while its assessment, plan or result loads. */
export function FlowSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div className={`${styles.flow} ${styles.flowLoading}`}>
      <Card className={styles.flowCard}>
        <Skeleton active paragraph={{ rows }} />
      </Card>
    </div>
  );
}

/**
 * Wide cards two a row from a tablet up (方案, 活动), with their states: the card skeleton, the
 * load error with `failed` as its title, and `empty` when `list` (what is shown) has none.
 */
export function WideCards<T extends { id: number }>(props: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  list: T[];
  failed: string;
  empty: string;
  children: (item: T) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending) return <CardGridSkeleton count={4} lg={12} />;
  if (query.isError) return <LoadError title={props.failed} onRetry={() => void query.refetch()} />;
  if (props.list.length === 0) return <Empty style={{ padding: '48px 0' }} description={props.empty} />;
  return (
    <Tiles md={2}>
      {props.list.map((item) => (
        <Fragment key={item.id}>{props.children(item)}</Fragment>
      ))}
    </Tiles>
  );
}
