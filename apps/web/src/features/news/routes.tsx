import type { AppRoute } from '../../lib/route-handle';

/** 最新资讯 and its detail (routes.md), and the audit workbench's news pages. */
export const newsRoutes: AppRoute[] = [
  {
    path: '/app/news',
    lazy: () => import('./pages/news-list-page'),
    handle: { title: '最新资讯', keepAlive: true },
  },
  { path: '/news/detail', lazy: () => import('./pages/news-detail-page'), handle: { title: '资讯详情' } },
  {
    path: '/audit/news/list',
    lazy: () => import('./pages/admin-list-page'),
    handle: { title: '资讯管理', auth: 'auditor' },
  },
  {
    path: '/audit/news/detail',
    lazy: () => import('./pages/editor-page'),
    handle: { title: '编辑资讯', auth: 'auditor' },
  },
];
