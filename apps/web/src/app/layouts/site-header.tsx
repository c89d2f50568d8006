import { BellOutlined, MenuOutlined, MessageOutlined, SearchOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Input, Layout, Menu } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useUnreadCounts } from './use-unread-count';
import { useSession, workbenchOf } from '../../lib/session';
import { inSection, navItems } from './nav';
import styles from './site-header.module.css';
import { UserMenu } from './user-menu';

/** The search box shows the keyword of the results page it leads to. */
function useCurrentKeyword(): string {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  return pathname === '/all/search' ? (params.get('code') ?? '') : '';
}

export function SiteHeader({ siteName }: { siteName: string }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.userInfo);
  const unread = useUnreadCounts();
  const keyword = useCurrentKeyword();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);

  const selected = navItems.filter((n) => inSection(n, pathname)).map((n) => n.path);
  const workbench = workbenchOf(user);
  const loginHref =
    pathname === '/login' ? '/login' : `/login?redirect=${encodeURIComponent(pathname + search)}`;

  function onSearch(value: string) {
    const code = value.trim();
    if (!code) return;
    setSearchOpen(false);
    navigate(`/all/search?code=${encodeURIComponent(code)}`);
  }

  const searchBox = (autoFocus: boolean) => (
    <Input.Search
      // Re-keyed so that arriving on another results page shows its keyword.
      key={keyword}
      defaultValue={keyword}
      placeholder="请输入关键词"
      aria-label="站内搜索"
      allowClear
      maxLength={50}
      autoFocus={autoFocus}
      onSearch={onSearch}
    />
  );

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
      <div className={styles.spacer} />
      <div className={styles.search}>{searchBox(false)}</div>
      <div className={styles.actions}>
        <Button
          className={styles.phoneOnly}
          type="text"
          icon={<SearchOutlined />}
          aria-label="搜索"
          aria-expanded={searchOpen}
          onClick={() => setSearchOpen((v) => !v)}
        />
        {token ? (
          <>
            <Link to={workbench.path} className={styles.workbench}>
              {workbench.label}
            </Link>
            <Link
              to="/sys/userChat"
              title="在线咨询"
              data-testid="header-chat"
              aria-label={unread.chats ? `在线咨询，${unread.chats} 个会话有未读消息` : '在线咨询'}
            >
              <Badge count={unread.chats} size="small">
                <MessageOutlined className={styles.bell} />
              </Badge>
            </Link>
            <Link
              to="/user/message"
              title="消息中心"
              data-testid="header-bell"
              aria-label={unread.notifications ? `消息中心，${unread.notifications} 条未读通知` : '消息中心'}
            >
              <Badge count={unread.notifications} size="small">
                <BellOutlined className={styles.bell} />
              </Badge>
            </Link>
            <UserMenu user={user} />
          </>
        ) : (
          <Button type="primary" onClick={() => navigate(loginHref)}>
            登录
          </Button>
        )}
        <Button
          className={styles.phoneOnly}
          type="text"
          icon={<MenuOutlined />}
          aria-label="打开导航菜单"
          onClick={() => setDrawerOpen(true)}
        />
      </div>
      {searchOpen && <div className={styles.searchPanel}>{searchBox(true)}</div>}
      <Drawer
        title="导航"
        placement="right"
        size={260}
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        styles={{ body: { padding: 0 } }}
      >
        <Menu
          mode="inline"
          selectedKeys={selected}
          onClick={() => setDrawerOpen(false)}
          items={[
            ...navItems.map((n) => ({ key: n.path, label: <Link to={n.path}>{n.label}</Link> })),
            ...(token
              ? [{ key: workbench.path, label: <Link to={workbench.path}>{workbench.label}</Link> }]
              : []),
          ]}
        />
      </Drawer>
    </Layout.Header>
  );
}
