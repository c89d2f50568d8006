import { Layout, Menu } from 'antd';
import { Link, useLocation } from 'react-router';
import { navItems } from './nav';
import styles from './site-header.module.css';

export function SiteHeader({ siteName }: { siteName: string }) {
  const { pathname } = useLocation();
  const selected = navItems.filter((n) => pathname.startsWith(n.path)).map((n) => n.path);
  return (
    <Layout.Header className={styles.header}>
      <Link to="/" className={styles.brand} aria-label={`${siteName}首页`}>
        <img src="/logo.svg" alt="" width={32} height={32} />
        <span className={styles.brandName}>{siteName}</span>
      </Link>
      <Menu
        className={styles.menu}
        mode="horizontal"
        selectedKeys={selected}
        items={navItems.map((n) => ({ key: n.path, label: <Link to={n.path}>{n.label}</Link> }))}
      />
    </Layout.Header>
  );
}
