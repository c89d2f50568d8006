import { Card, Empty, Menu, Typography } from 'antd';
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { routeExists } from '../../lib/route-exists';
import { useSession } from '../../lib/session';
import styles from './workbench.module.css';

export interface ShellEntry {
  path: string;
  label: string;
  icon?: ReactNode;
  /** Other paths that belong to this entry (its detail pages), so it stays highlighted there. */
  also?: string[];
}

interface Props {
  title: string;
  entries: ShellEntry[];
  children: ReactNode;
}

/**
 * A workbench page: a side menu on the left (a scrollable row of links on phones) and the
 * page on the right. Entries whose page is not in the router (yet) are left out, so the menu
 * never leads to the 404 page.
 */
export function WorkbenchShell({ title, entries, children }: Props) {
  const { pathname } = useLocation();
  const shown = entries.filter((e) => routeExists(e.path));
  const active = shown.find((e) => e.path === pathname || e.also?.includes(pathname))?.path ?? '';
  const row = useRef<HTMLElement>(null);

  // On a phone the current entry may sit beyond the right edge of the row: bring it into view.
  useEffect(() => {
    const nav = row.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (nav && current) nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.clientWidth) / 2;
  }, [active]);

  return (
    <div className="page-container">
      <nav className={styles.tabs} aria-label={title} ref={row}>
        {shown.map((e) => (
          <Link
            key={e.path}
            to={e.path}
            aria-current={e.path === active ? 'page' : undefined}
            className={`${styles.tab} ${e.path === active ? styles.tabActive : ''}`}
          >
            {e.label}
          </Link>
        ))}
      </nav>
      <div className={styles.shell}>
        <aside className={styles.side}>
          <div className={styles.sideTitle}>{title}</div>
          <Menu
            mode="inline"
            selectedKeys={[active]}
            items={shown.map((e) => ({
              key: e.path,
              icon: e.icon,
              label: <Link to={e.path}>{e.label}</Link>,
            }))}
          />
        </aside>
        <main className={styles.main}>{children}</main>
      </div>
    </div>
  );
}

/** The page heading inside a workbench: title on the left, actions on the right. */
export function WorkbenchHead({
  title,
  extra,
  sub,
}: {
  title: ReactNode;
  extra?: ReactNode;
  sub?: ReactNode;
}) {
  return (
    <div className={styles.head}>
      <div>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {sub && <div className={styles.muted}>{sub}</div>}
      </div>
      {extra && <div className={styles.headExtra}>{extra}</div>}
    </div>
  );
}

/**
 * A small card listing a few items (a workbench's "waiting for you" lists), or an empty state
 * saying 加载中… while the list loads and `empty` when there is nothing.
 */
export function ListCard<T extends { id: number }>(props: {
  title: ReactNode;
  extra?: ReactNode;
  style?: CSSProperties;
  items: T[] | undefined;
  pending: boolean;
  empty: string;
  children: (item: T) => ReactNode;
}) {
  const { items, children } = props;
  return (
    <Card title={props.title} size="small" extra={props.extra} style={props.style}>
      {items?.length ? (
        items.map((item) => (
          <div key={item.id} className={styles.listItem}>
            {children(item)}
          </div>
        ))
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.pending ? '加载中…' : props.empty} />
      )}
    </Card>
  );
}

/** A workbench's first line: 「<name>，你好」 and what the page gathers. */
export function WorkbenchGreeting({ sub }: { sub: ReactNode }) {
  const name = useSession((s) => s.userInfo?.name);
  return <WorkbenchHead title={`${name ? `${name}，` : ''}你好`} sub={sub} />;
}
