import { createBrowserRouter, Navigate, redirect, type RouteObject } from 'react-router';
import { registerRoutes } from '../lib/route-exists';
import { demoRoutes } from '../features/demo/routes';
import { statisticsScreenRoutes } from '../features/statistics/routes';
import { ScreenLayout } from './layouts/screen-layout';
import { featureRoutes } from './feature-routes';
import { MainLayout } from './layouts/main-layout';
import { RedirectPage } from './redirect-page';
import { RouteFallback } from './route-fallback';
import type { RouteHandle } from '../lib/route-handle';

const centerPage = () => import('../features/auth/pages/center-page');

/**
 * Pages load lazily (spec section 2); each lazy route module exports `Component`.
 * `handle` (RouteHandle) carries the title, role guard and keep-alive flag from routes.md.
 */
const pages: (RouteObject & { handle?: RouteHandle })[] = [
  {
    path: '/sys/home',
    lazy: () => import('./routes/home-page'),
    handle: { title: '首页', keepAlive: true },
  },
  {
    path: '/sys/account',
    lazy: () => import('../features/auth/pages/account-page'),
    handle: { title: '个人信息', auth: 'user', keepAlive: true },
  },
  {
    path: '/user/center',
    lazy: () => import('./routes/user-center-page'),
    handle: { title: '个人中心', auth: 'user' },
  },
  {
    path: '/expert/center',
    lazy: () => import('./routes/expert-center-page'),
    handle: { title: '个人中心（专家）', auth: 'expert' },
  },
  {
    path: '/expert/org/units',
    lazy: () => import('./routes/expert-org-page'),
    handle: { title: '组织与名单', auth: 'expert' },
  },
  { path: '/audit/center', lazy: centerPage, handle: { title: '个人中心（审核）', auth: 'auditor' } },
  {
    path: '/audit/work',
    lazy: () => import('./routes/audit-work-page'),
    handle: { title: '管理员工作台', auth: 'auditor' },
  },
  {
    path: '/all/search',
    lazy: () => import('../features/search/pages/search-page'),
    handle: { title: '搜索结果' },
  },
  { path: '/login', lazy: () => import('../features/auth/pages/login-page'), handle: { title: '登录' } },
  ...featureRoutes,
  { path: '/404', lazy: () => import('./not-found-page'), handle: { title: '页面不存在' } },
  { path: '*', element: <Navigate to="/404" replace /> },
];

function redirectRoute(path: string, to: string): RouteObject {
  // element null: the loader always redirects, so there is never anything to render.
  return { path, loader: () => redirect(to), element: null, hydrateFallbackElement: <RouteFallback /> };
}

const routes: RouteObject[] = [
  // Redirects in loaders, before anything renders: a rendered <Navigate> out here would
  // unmount the main layout for a moment and lose its kept-alive pages (the logo links to /).
  redirectRoute('/', '/app'),
  redirectRoute('/app', '/sys/home'),
  redirectRoute('/home/resources', '/user/center'),
  redirectRoute('/expert/tweets', '/expert/tweet'),
  // Blank layout: a hop, no header or footer.
  { path: '/redirect/*', element: <RedirectPage /> },
  // The demo management console: its own layout, lazy, apart from the platform's pages.
  ...demoRoutes,
  // Full-screen pages (the big screen, opened in a new window): guard and title, no header.
  { element: <ScreenLayout />, hydrateFallbackElement: <RouteFallback />, children: statisticsScreenRoutes },
  { element: <MainLayout />, hydrateFallbackElement: <RouteFallback />, children: pages },
];

export const router = createBrowserRouter(routes);
registerRoutes(routes);
