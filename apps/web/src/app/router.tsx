import { createBrowserRouter, Navigate } from 'react-router';
import { MainLayout } from './layouts/main-layout';
import { RouteFallback } from './route-fallback';

/** Pages load lazily (spec section 2); each lazy route module exports `Component`. */
export const router = createBrowserRouter([
  { path: '/', element: <Navigate to="/app" replace /> },
  { path: '/app', element: <Navigate to="/sys/home" replace /> },
  {
    element: <MainLayout />,
    hydrateFallbackElement: <RouteFallback />,
    children: [
      {
        path: '/sys/home',
        lazy: () => import('../features/home/pages/home-page'),
        handle: { title: '首页' },
      },
      { path: '/404', lazy: () => import('./not-found-page'), handle: { title: '页面不存在' } },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
]);
