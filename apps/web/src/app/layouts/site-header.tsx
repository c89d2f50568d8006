import { BellOutlined, MenuOutlined, MessageOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useUnreadCounts } from './use-unread-count';
import { useSession, workbenchOf } from '../../lib/session';
import { inSection, navItems } from './nav';
import { CountBadge } from '../../components/count-badge';
import { SearchBox } from '../../components/search-box';
import styles from './site-header.module.css';
import { UserMenu } from './user-menu';

const loadPhoneNav = () => import('./phone-nav');
/** The phone's drawer, loaded when first wanted (see phone-nav.tsx). */
const PhoneNav = lazy(() => loadPhoneNav().then((m) => ({ default: m.PhoneNav })));

/** The search box shows the keyword of the results page it leads to. */
function useCurrentKeyword(): string {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  return pathname === '/all/search' ? (params.get('code') ?? '') : '';
}

/**
 * The platform's header. Its menu is plain links (the section's link marked as the current
 * page) and its search box, account menu and badges are drawn by hand in antd's look: antd's
 * Menu, Dropdown, Input and Badge, with the popup machinery they share, made up a fifth of the
 * script every first visit loaded (docs/performance.md, "Bytes on the wire").
 */
export function SiteHeader({ siteName }: { siteName: string }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.userInfo);
  const unread = useUnreadCounts();
  const keyword = useCurrentKeyword();
  // null until the phone menu is first opened: its code loads then.
  const [drawerOpen, setDrawerOpen] = useState<boolean | null>(null);
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
    // Re-keyed so that arriving on another results page shows its keyword.
    <SearchBox
      key={keyword}
      defaultValue={keyword}
      autoFocus={autoFocus}
      onSearch={onSearch}
      placeholder="请输入关键词"
      label="站内搜索"
    />
  );

  return (
    <Layout.Header className={styles.header}>
      <Link to="/" className={styles.brand} aria-label={`${siteName}首页`}>
        <img src="/logo.svg" alt="" width={32} height={32} />
        <span className={styles.brandName}>{siteName}</span>
      </Link>
      <nav className={styles.menu} aria-label="主导航">
        <ul>
          {navItems.map((n) => (
            <li key={n.path}>
              <Link
                to={n.path}
                className={styles.menuLink}
                aria-current={selected.includes(n.path) ? 'page' : undefined}
              >
                {n.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
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
              <CountBadge count={unread.chats}>
                <MessageOutlined className={styles.bell} />
              </CountBadge>
            </Link>
            <Link
              to="/user/message"
              title="消息中心"
              data-testid="header-bell"
              aria-label={unread.notifications ? `消息中心，${unread.notifications} 条未读通知` : '消息中心'}
            >
              <CountBadge count={unread.notifications}>
                <BellOutlined className={styles.bell} />
              </CountBadge>
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
          aria-expanded={!!drawerOpen}
          // Fetch the drawer's code as the finger or pointer arrives, before the click.
          onPointerEnter={() => void loadPhoneNav()}
          onPointerDown={() => void loadPhoneNav()}
          onFocus={() => void loadPhoneNav()}
          onClick={() => setDrawerOpen(true)}
        />
      </div>
      {searchOpen && <div className={styles.searchPanel}>{searchBox(true)}</div>}
      {drawerOpen !== null && (
        <Suspense fallback={null}>
          <PhoneNav
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            selected={selected}
            entries={token ? [...navItems, workbench] : navItems}
          />
        </Suspense>
      )}
    </Layout.Header>
  );
}
