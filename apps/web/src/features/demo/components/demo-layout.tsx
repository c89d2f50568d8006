import {
  ExperimentOutlined,
  HomeOutlined,
  IdcardOutlined,
  LogoutOutlined,
  MenuOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Drawer, Dropdown, Grid, Layout, Menu, Result, Spin, Tag } from 'antd';
import { Suspense, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { clearDemoSession, demoSignedOutReason, useDemoToken } from '../api/client';
import { useDemoLogout, useDemoUser } from '../api/queries';
import { canSee, type DemoModule, type DemoUser } from '../api/types';
import { landingPath, MODULE_LABELS, visibleEntries } from '../modules';
import styles from './demo.module.css';

function Brand() {
  return (
    <div className={styles.brand}>
      <span className={styles.brandMark}>
        <ExperimentOutlined />
      </span>
      演示后台
    </div>
  );
}

function Loading() {
  return (
    <div className={styles.centered}>
      <Spin size="large" />
    </div>
  );
}

/** The module the current page belongs to (route handle `demoModule`), if any. */
function useCurrentModule(): DemoModule | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = (matches[i]?.handle as { demoModule?: DemoModule } | undefined)?.demoModule;
    if (m) return m;
  }
  return undefined;
}

function Forbidden({ user, module }: { user: DemoUser; module: DemoModule }) {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="无权访问"
      subTitle={`当前账号（${user.role_name}）没有「${MODULE_LABELS[module]}」模块的权限。`}
      extra={
        <Button type="primary" onClick={() => navigate(landingPath(user), { replace: true })}>
          返回可访问的页面
        </Button>
      }
    />
  );
}

/**
 * The console's own antd <App> (the platform's root has none): its pages take `message` from
 * App.useApp(), shown below the 64 px header.
 */
export function Component() {
  return (
    <App message={{ top: 64 + 12 }}>
      <DemoFrame />
    </App>
  );
}

/** The console's frame: signed-in check, the menu of the modules this user may open, the user menu. */
function DemoFrame() {
  const token = useDemoToken();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user, error, refetch, isFetching } = useDemoUser(token);
  const module = useCurrentModule();
  const isMobile = !Grid.useBreakpoint().md;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const logout = useDemoLogout();

  if (!token) {
    // After a logout, straight to the login page; otherwise come back here after signing in.
    const reason = demoSignedOutReason();
    if (reason === 'logout') return <Navigate to="/demo/login" replace />;
    const params = new URLSearchParams({ redirect: location.pathname });
    if (reason === 'expired') params.set('expired', '1');
    return <Navigate to={`/demo/login?${params}`} replace />;
  }
  if (!user) {
    if (error) {
      return (
        <Result
          status="error"
          title="无法连接演示后台"
          subTitle={error.message}
          extra={
            <Button type="primary" loading={isFetching} onClick={() => refetch()}>
              重试
            </Button>
          }
        />
      );
    }
    return <Loading />;
  }

  const entries = visibleEntries(user);
  const selected = entries.find((e) => location.pathname.startsWith(e.path))?.key;
  const menu = (
    <Menu
      theme="dark"
      mode="inline"
      selectedKeys={selected ? [selected] : []}
      onClick={() => setDrawerOpen(false)}
      items={entries.map((e) => ({ key: e.key, icon: e.icon, label: <Link to={e.path}>{e.label}</Link> }))}
    />
  );

  const signOut = async () => {
    await logout.mutateAsync();
    clearDemoSession('logout');
    queryClient.removeQueries({ queryKey: ['demo'] });
    // The login page says 已退出演示后台: a toast here would leave with this frame.
  };

  return (
    <Layout className={styles.shell}>
      {!isMobile && (
        <Layout.Sider width={216} className={styles.sider}>
          <Brand />
          {menu}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className={styles.header} style={{ paddingInline: isMobile ? 12 : 24 }}>
          {isMobile && (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label="打开菜单"
              onClick={() => setDrawerOpen(true)}
            />
          )}
          <Tag color="orange" style={{ marginInlineEnd: 0 }}>
            演示
          </Tag>
          {!isMobile && <span className={styles.notice}>演示环境：数据均为模拟生成，与平台真实账号无关</span>}
          <span className={styles.spacer} />
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'account', icon: <IdcardOutlined />, label: '账户信息' },
                { key: 'platform', icon: <HomeOutlined />, label: '返回平台首页' },
                { type: 'divider' },
                { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
              ],
              onClick: ({ key }) => {
                if (key === 'account') navigate('/demo/account');
                if (key === 'platform') navigate('/sys/home');
                if (key === 'logout') void signOut();
              },
            }}
          >
            <button type="button" className={styles.userButton} aria-label="账户菜单">
              <Avatar src={user.avatar} size={32}>
                {user.realName.slice(0, 1)}
              </Avatar>
              <span>{user.realName}</span>
              {!isMobile && <Tag color={user.is_admin === 1 ? 'cyan' : 'default'}>{user.role_name}</Tag>}
            </button>
          </Dropdown>
        </Layout.Header>
        <Layout.Content className={styles.content}>
          <Spin spinning={logout.isPending} description="正在退出…">
            {module && !canSee(user, module) ? (
              <Forbidden user={user} module={module} />
            ) : (
              <Suspense fallback={<Loading />}>
                <Outlet context={user} />
              </Suspense>
            )}
          </Spin>
        </Layout.Content>
        <Layout.Footer className={styles.footer}>
          演示后台 · 仅用于功能演示，数据均为模拟生成，不会保存任何修改 ·{' '}
          <Link to="/sys/home">返回平台首页</Link>
        </Layout.Footer>
      </Layout>
      {isMobile && (
        <Drawer
          placement="left"
          size={240}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          styles={{ body: { padding: 0, background: '#001529' } }}
        >
          <Brand />
          {menu}
        </Drawer>
      )}
    </Layout>
  );
}
