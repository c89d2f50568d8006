import type { AppRoute } from '../../lib/route-handle';

/** The home page is composed in app/routes (it joins features); the carousel's admin page is here. */
export const homeRoutes: AppRoute[] = [
  {
    path: '/audit/banner/list',
    lazy: () => import('./pages/banner-admin-page'),
    handle: { title: '首页轮播', auth: 'auditor' },
  },
];
