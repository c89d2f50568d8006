import { Spin } from 'antd';
import type { RouteObject } from 'react-router';

/**
 * The demo management console (spec: the demo mock backend), at /demo with its own layout,
 * outside the platform's header and footer. Every module is lazy: none of it is in the
 * platform's main bundle.
 */
export const demoRoutes: RouteObject[] = [
  {
    path: '/demo',
    hydrateFallbackElement: (
      <div style={{ display: 'flex', justifyContent: 'center', padding: '120px 0' }}>
        <Spin size="large" />
      </div>
    ),
    children: [
      { index: true, lazy: () => import('./pages/entry-page') },
      { path: 'login', lazy: () => import('./pages/login-page') },
      {
        lazy: () => import('./components/demo-layout'),
        children: [
          { path: 'home', lazy: () => import('./pages/home-page'), handle: { demoModule: 'home' } },
          { path: 'website', lazy: () => import('./pages/website-page'), handle: { demoModule: 'website' } },
          { path: 'table', lazy: () => import('./pages/table-page'), handle: { demoModule: 'table' } },
          { path: 'account', lazy: () => import('./pages/account-page') },
        ],
      },
      { path: '*', lazy: () => import('./pages/entry-page') },
    ],
  },
];
